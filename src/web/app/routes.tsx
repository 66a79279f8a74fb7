import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { SideNavLayout } from '@/components/layout/side-nav-layout';
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
 * A page with the side navigation beside it (issue 29: the side navigation appears on every page it lists, and on an
 * alert's detail under Conjunction Alerts). The dashboard lays out its own panel (with System Status).
 */
function withSideNav(Page: ComponentType): ComponentType {
  function PageWithSideNav() {
    return (
      <SideNavLayout>
        <Page />
      </SideNavLayout>
    );
  }
  PageWithSideNav.displayName = `WithSideNav(${Page.displayName ?? Page.name})`;
  return PageWithSideNav;
}

const Alerts = withSideNav(AlertsPage);
const AlertDetail = withSideNav(AlertDetailPage);
const Analytics = withSideNav(AnalyticsPage);
const Visualization = withSideNav(VisualizationPage);
const Tracking = withSideNav(TrackingPage);
const Config = withSideNav(ConfigPage);

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
      <Route path="/tracking" component={Tracking} />
      <Route path="/sst" component={SstPage} />
      <Route path="/calc" component={CalcPage} />
      <Route path="/alerts" component={Alerts} />
      <Route path="/alerts/:conjunctionId" component={AlertDetail} />
      <Route path="/analytics" component={Analytics} />
      <Route path="/objects/:norad" component={ObjectPage} />
      <Route path="/visualization" component={Visualization} />
      <Route path="/config" component={Config} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
