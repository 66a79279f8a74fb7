import type { FetchOptions } from './celestrak.ts';

/**
 * Space-Track GP data (https://www.space-track.org/documentation#/api): log in with
 * POST /ajaxauth/login (identity, password) to get a session cookie, then query the
 * gp class. The query is the one Space-Track recommends for the whole current
 * catalogue: decay_date null, epoch within 30 days, as 3LE.
 */
export const SPACE_TRACK_GP_QUERY = '/basicspacedata/query/class/gp/decay_date/null-val/epoch/%3Enow-30/orderby/norad_cat_id/format/3le';

export async function fetchSpaceTrackCatalog(credentials: { identity: string; password: string }, options: FetchOptions): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 120_000);
  const login = await doFetch(new URL('/ajaxauth/login', options.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(credentials).toString(),
    signal: timeout(),
  });
  const body = await login.text();
  // A failed login answers 200 with {"Login":"Failed"}.
  if (!login.ok || body.includes('"Login":"Failed"')) throw new Error(`Space-Track login failed (${login.status})`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('Space-Track login gave no session cookie');
  const res = await doFetch(new URL(SPACE_TRACK_GP_QUERY, options.baseUrl), { headers: { cookie }, signal: timeout() });
  if (!res.ok) throw new Error(`Space-Track answered ${res.status} ${res.statusText}`);
  return res.text();
}
