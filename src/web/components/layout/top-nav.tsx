import { LogOut, Satellite } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { isActivePath } from '@/lib/active-path';
import { cn } from '@/lib/utils';
import { useLogout, useSession } from '@/queries/auth';
import { GlobalSearch } from './global-search';

/** Spec §2: top navigation buttons, in this order. */
export const TOP_NAV_ITEMS = [
  { label: 'Orbital Drag', href: '/orbital-drag' },
  { label: 'SDA Dashboard', href: '/' },
  { label: 'Israeli Satellites', href: '/israeli-satellites' },
  { label: 'Satellite Tracking', href: '/tracking' },
  { label: 'SST', href: '/sst' },
  { label: 'Calc', href: '/calc' },
] as const;

/**
 * The bar above every page: the Data Forge brand, then the route buttons.
 * They are links (they navigate) styled as buttons; the current one carries
 * aria-current="page" and the filled style.
 */
export function TopNav() {
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="flex h-14 items-center gap-6 px-4">
        <span className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight">
          <Satellite className="size-5 text-primary" aria-hidden="true" />
          Data Forge
        </span>
        {/* On narrow screens the buttons scroll sideways instead of wrapping out of the fixed-height bar. */}
        <nav aria-label="Main" className="flex min-w-0 items-center gap-1 overflow-x-auto">
          {TOP_NAV_ITEMS.map((item) => {
            const active = isActivePath(item.href, location);
            return (
              <Link
                key={item.href}
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(buttonVariants({ variant: active ? 'default' : 'ghost', size: 'sm' }), 'shrink-0 whitespace-nowrap')}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-3">
          <GlobalSearch />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

/** With accounts (AUTH=on): who is signed in, with which role, and a way out. Nothing without accounts. */
function UserMenu() {
  const { data: session } = useSession();
  const logout = useLogout();
  if (!session?.authRequired || !session.user) return null;
  return (
    <div className="flex shrink-0 items-center gap-2 text-sm" aria-label="Signed-in user" role="group">
      <span className="font-medium">{session.user.username}</span>
      <span className="rounded border px-1.5 py-0.5 text-xs text-muted-foreground">{session.user.role}</span>
      <button type="button" className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'gap-1')} onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut className="size-4" aria-hidden="true" />
        Sign out
      </button>
    </div>
  );
}
