import { SystemStatus } from '@/components/dashboard/system-status';
import { SideNavPanel } from '@/components/layout/side-nav-layout';

/** The dashboard's left panel: the side navigation every page it lists shares, above the System Status block (spec §2). */
export function Sidebar() {
  return (
    <SideNavPanel>
      <SystemStatus />
    </SideNavPanel>
  );
}
