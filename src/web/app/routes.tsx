import { Route, Switch } from 'wouter';
import CalcPage from '@/pages/calc';
import DashboardPage from '@/pages/dashboard';
import IsraeliSatellitesPage from '@/pages/israeli-satellites';
import NotFoundPage from '@/pages/not-found';
import OrbitalDragPage from '@/pages/orbital-drag';
import SstPage from '@/pages/sst';
import TrackingPage from '@/pages/tracking';

/** Spec §2 route table. Anything else, including the side-nav-only paths, is not found. */
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
      <Route component={NotFoundPage} />
    </Switch>
  );
}
