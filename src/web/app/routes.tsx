import { Route, Switch } from 'wouter';
import AlertDetailPage from '@/pages/alert-detail';
import AlertsPage from '@/pages/alerts';
import AnalyticsPage from '@/pages/analytics';
import CalcPage from '@/pages/calc';
import ConfigPage from '@/pages/config';
import DashboardPage from '@/pages/dashboard';
import IsraeliSatellitesPage from '@/pages/israeli-satellites';
import NotFoundPage from '@/pages/not-found';
import ObjectPage from '@/pages/object';
import OrbitalDragPage from '@/pages/orbital-drag';
import SstPage from '@/pages/sst';
import TrackingPage from '@/pages/tracking';
import VisualizationPage from '@/pages/visualization';

/**
 * Spec §2 route table, plus the Conjunction Alerts screen and its event detail (issue 11)
 * and the catalogue-wide screening view at /analytics (issue 13); issue 14's object page
 * (/objects/:norad), 3D view in time (/visualization) and Configuration (/config). Anything
 * else is not found.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={DashboardPage} />
      <Route path="/dashboard" component={DashboardPage} />
      <Route path="/orbital-drag" component={OrbitalDragPage} />
      <Route path="/israeli-satellites" component={IsraeliSatellitesPage} />
      <Route path="/tracking" component={TrackingPage} />
      <Route path="/sst" component={SstPage} />
      <Route path="/calc" component={CalcPage} />
      <Route path="/alerts" component={AlertsPage} />
      <Route path="/alerts/:conjunctionId" component={AlertDetailPage} />
      <Route path="/analytics" component={AnalyticsPage} />
      <Route path="/objects/:norad" component={ObjectPage} />
      <Route path="/visualization" component={VisualizationPage} />
      <Route path="/config" component={ConfigPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
