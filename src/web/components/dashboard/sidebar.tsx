import { SideNav } from '@/components/dashboard/side-nav';
import { SystemStatus } from '@/components/dashboard/system-status';

/** The dashboard's left panel: side navigation above the System Status block. */
export function Sidebar() {
  return (
    <aside className="flex w-64 shrink-0 flex-col justify-between gap-6 border-r bg-card/40 p-4">
      <SideNav />
      <SystemStatus />
    </aside>
  );
}
