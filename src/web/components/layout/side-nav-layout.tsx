import type { ReactNode } from 'react';
import { SideNav } from '@/components/dashboard/side-nav';

/**
 * The left panel of the pages the side navigation lists (spec §2's side navigation; issue 29: it appears on every
 * page it lists, so /alerts, /analytics and /config reach each other): the navigation, and below it what the page
 * adds (the dashboard's System Status block).
 */
export function SideNavPanel({ children }: { children?: ReactNode }) {
  return (
    <aside className="flex w-64 shrink-0 flex-col justify-between gap-6 border-r bg-card/40 p-4" data-testid="side-panel">
      <SideNav />
      {children}
    </aside>
  );
}

/** A page beside the side panel: the panel the full height under the top bar, the page in the rest of the width. */
export function SideNavLayout({ children, panel }: { children: ReactNode; panel?: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100vh-3.5rem)]">
      <SideNavPanel>{panel}</SideNavPanel>
      {/* A block, not a flex column: the pages centre themselves with mx-auto and a max width, which in a flex column
          shrinks them to their content (the tracking map drew at half the width). */}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
