/**
 * CelesTrak GP data (https://celestrak.org/NORAD/documentation/gp-data-formats.php):
 * GET /NORAD/elements/gp.php?GROUP=<group>&FORMAT=csv answers OMM CSV.
 */
export interface FetchOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export async function fetchCelestrakGroup(group: string, options: FetchOptions): Promise<string> {
  const url = new URL('/NORAD/elements/gp.php', options.baseUrl);
  url.searchParams.set('GROUP', group);
  url.searchParams.set('FORMAT', 'csv');
  const res = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 60_000) });
  if (!res.ok) throw new Error(`CelesTrak answered ${res.status} ${res.statusText} for group ${group}`);
  const text = await res.text();
  // CelesTrak answers HTTP 200 with a plain sentence for an unknown group or a data limit.
  if (!text.startsWith('OBJECT_NAME')) throw new Error(`CelesTrak did not send GP CSV for group ${group}: ${text.slice(0, 120).trim()}`);
  return text;
}
