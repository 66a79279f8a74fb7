import { ChartColumn, Globe, LayoutDashboard, Satellite, Settings, TriangleAlert } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { isActivePath } from '@/lib/active-path';
import { cn } from '@/lib/utils';

/**
 * Spec §2: the dashboard's side navigation, in this order. Conjunction Alerts
 * leads to its screen (issue 11), Analytics to catalogue-wide screening (issue 13),
 * 3D Visualization to the 3D view in time and Configuration to its screen (issue 14). Every page it lists shows it
 * (issue 29, components/layout/side-nav-layout.tsx).
 */
export const SIDE_NAV_ITEMS = [
  { label: 'Dashboard', href: '/', icon: LayoutDashboard },
  { label: 'Conjunction Alerts', href: '/alerts', icon: TriangleAlert },
  { label: '3D Visualization', href: '/visualization', icon: Globe },
  { label: 'Satellite Tracking', href: '/tracking', icon: Satellite },
  { label: 'Analytics', href: '/analytics', icon: ChartColumn },
  { label: 'Configuration', href: '/config', icon: Settings },
] as const;

export function SideNav() {
  const [location] = useLocation();
  return (
    <nav aria-label="Dashboard" className="flex flex-col gap-1">
      {SIDE_NAV_ITEMS.map(({ label, href, icon: Icon }) => {
        // An alert's detail (/alerts/CNJ-…) is under Conjunction Alerts.
        const active = isActivePath(href, location) || (href === '/alerts' && location.startsWith('/alerts/'));
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
              active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
