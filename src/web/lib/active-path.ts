/** The dashboard answers on both / and /dashboard (spec §2), so both count as "at /". */
const DASHBOARD_ALIASES = new Set(['/', '/dashboard']);

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a navigation entry pointing at `href` is the current one at `location`. */
export function isActivePath(href: string, location: string): boolean {
  const here = normalise(location);
  if (href === '/') return DASHBOARD_ALIASES.has(here);
  return here === normalise(href);
}
