import { MAX_THRESHOLD_KM, MAX_WINDOW_DAYS, type AnalyzeSelectedRequest } from '../../contracts/conjunctions.ts';
import { badRequest } from '../http/errors.ts';

export interface ValidAnalysis {
  primaries: number[];
  startMs: number;
  endMs: number;
  thresholdKm: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseInstant(field: string, text: string): number {
  const trimmed = text.trim();
  // Without a zone an ISO date-time would be read in the server's local zone: the SST form sends UTC.
  const withZone = ISO.test(trimmed) && !/(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? `${trimmed}Z` : trimmed;
  const ms = ISO.test(trimmed) ? Date.parse(withZone) : Number.NaN;
  if (!Number.isFinite(ms)) throw badRequest(`${field}: '${text}' is not an ISO 8601 date-time (e.g. 2026-11-21T12:00:00Z)`);
  return ms;
}

/**
 * Checks an SST analysis request against the catalogue; every problem answers 400
 * with a message naming the field (DEVELOPERS.md: bad input never reaches the engine).
 */
export function validateAnalysis(body: AnalyzeSelectedRequest, knows: (noradId: number) => boolean): ValidAnalysis {
  if (body.satellite_ids.length === 0) throw badRequest('satellite_ids: select at least one satellite');
  const ids: number[] = [];
  const malformed: string[] = [];
  for (const raw of body.satellite_ids) {
    const n = typeof raw === 'number' ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isInteger(n) && n > 0) ids.push(n);
    else malformed.push(String(raw));
  }
  if (malformed.length > 0) throw badRequest(`satellite_ids: not catalogue numbers: ${malformed.slice(0, 10).join(', ')}`);
  const unknown = ids.filter((id) => !knows(id));
  if (unknown.length > 0) throw badRequest(`satellite_ids: not in the catalogue: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}`);

  const startMs = parseInstant('start', body.start);
  const endMs = parseInstant('end', body.end);
  if (endMs <= startMs) throw badRequest('end: must be after start');
  if (endMs - startMs > MAX_WINDOW_DAYS * 86_400_000) throw badRequest(`end: the window may be at most ${MAX_WINDOW_DAYS} days long`);

  const thresholdText = String(body.threshold).trim();
  const thresholdKm = /^[+]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(thresholdText) ? Number(thresholdText) : Number.NaN;
  if (!Number.isFinite(thresholdKm)) throw badRequest(`threshold: '${body.threshold}' is not a number of kilometres`);
  if (thresholdKm <= 0) throw badRequest('threshold: must be greater than 0 km');
  if (thresholdKm > MAX_THRESHOLD_KM) throw badRequest(`threshold: must be at most ${MAX_THRESHOLD_KM} km`);
  return { primaries: [...new Set(ids)], startMs, endMs, thresholdKm };
}
