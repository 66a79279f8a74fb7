import { DashboardHeader } from '@/components/dashboard/dashboard-header';
import { Sidebar } from '@/components/dashboard/sidebar';

/**
 * SDA Dashboard (/ and /dashboard). The stats endpoint and the cards arrive in
 * later issues; until then the header shows no badges and the 12-column grid
 * is empty rather than filled with made-up data.
 */
export default function DashboardPage() {
  return (
    <div className="flex min-h-[calc(100vh-3.5rem)]">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader />
        <div className="grid grid-cols-12 gap-6 p-6" data-testid="dashboard-grid" />
      </div>
    </div>
  );
}
