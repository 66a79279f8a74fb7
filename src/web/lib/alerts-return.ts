/*
 * The way back from an event's detail to the Conjunction Alerts view it was opened
 * from (issue 11). The view lives in /alerts' query string (conjunction-filters.ts);
 * the detail's back link goes to the last one shown, not to the default view, which
 * may be empty (open events only) while the operator was working closed ones.
 * Kept in sessionStorage, so a reload of the detail still finds it and other tabs
 * keep their own.
 */

const STORAGE_KEY = 'dataforge:alerts-path';
const ALERTS_PATH = '/alerts';

function isAlertsPath(path: string | null): path is string {
  return path === ALERTS_PATH || (path?.startsWith(`${ALERTS_PATH}?`) ?? false);
}

/** Remembers `path` ('/alerts?status=closed') as the view to go back to. */
export function rememberAlertsPath(path: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, path);
  } catch {
    // Storage can be disabled or full: the back link then goes to the default view.
  }
}

/** The last Conjunction Alerts view shown in this tab, or '/alerts'. */
export function lastAlertsPath(): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // As above: no storage, no remembered view.
  }
  return isAlertsPath(path) ? path : ALERTS_PATH;
}
