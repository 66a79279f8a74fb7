/**
 * Exports of one catalogue object (issue 14): its newest element set or its whole stored history
 * as TLE/3LE and CCSDS OMM (core/elements/tle-format.ts, omm-write.ts), and an SGP4 ephemeris of
 * its newest set as a CCSDS OEM or as CZML (core/ephemeris/). Shared by the API routes
 * (routes/objects.ts) and the CLI (`ssa export`).
 */
import type { ElementFormat } from '../../contracts/object-exports.ts';
import { MAX_EPHEMERIS_DAYS } from '../../contracts/object-exports.ts';
import { formatTleText, writeOmmJson, writeOmmKvn, writeOmmXml, type ElementSet } from '../../core/elements/index.ts';
import { czmlDocument, MAX_EPHEMERIS_STATES, sampleEphemeris, writeOem, type EphemerisFrame } from '../../core/ephemeris/index.ts';
import { parseUtc } from '../../core/time/index.ts';
import { utcMs, type UtcMs } from '../../core/units.ts';
import { HttpError } from '../http/errors.ts';

export interface ExportFile {
  readonly body: string;
  readonly contentType: string;
  readonly filename: string;
}

export const ORIGINATOR = 'DATA FORGE';

const ELEMENT_FILES: Record<ElementFormat, { readonly contentType: string; readonly ext: string }> = {
  tle: { contentType: 'text/plain; charset=utf-8', ext: 'tle' },
  '3le': { contentType: 'text/plain; charset=utf-8', ext: '3le' },
  'omm-kvn': { contentType: 'text/plain; charset=utf-8', ext: 'omm' },
  'omm-xml': { contentType: 'application/xml; charset=utf-8', ext: 'xml' },
  'omm-json': { contentType: 'application/json; charset=utf-8', ext: 'json' },
};

/** Element sets in one of the export formats. */
export function elementsFile(sets: readonly ElementSet[], format: ElementFormat, name: string, now: UtcMs): ExportFile {
  const header = { creationDate: now, originator: ORIGINATOR };
  const body =
    format === 'tle' ? formatTleText(sets, 'none') : format === '3le' ? formatTleText(sets, '3le') : format === 'omm-kvn' ? writeOmmKvn(sets, header) : format === 'omm-xml' ? writeOmmXml(sets, header) : writeOmmJson(sets);
  const file = ELEMENT_FILES[format];
  return { body, contentType: file.contentType, filename: `${name}.${file.ext}` };
}

export interface EphemerisRequest {
  readonly start?: string;
  readonly end?: string;
  readonly step?: string;
}

/** The span and step of an ephemeris request, or a 400 naming the field. */
export function ephemerisSpan(request: EphemerisRequest, now: UtcMs): { startMs: UtcMs; endMs: UtcMs; stepS: number } {
  const time = (text: string | undefined, field: string, fallback: number): UtcMs => {
    if (text === undefined || text.trim() === '') return utcMs(fallback);
    const t = parseUtc(text.trim().replace(/Z$/i, ''));
    if (t === undefined) throw new HttpError(400, `Invalid request: ${field}: '${text}' is not an ISO 8601 UTC date-time (e.g. 2026-11-27T00:00:00Z)`);
    return t;
  };
  const startMs = time(request.start, 'start', now);
  const endMs = time(request.end, 'end', startMs + 86_400_000);
  let stepS = 60;
  if (request.step !== undefined && request.step.trim() !== '') {
    stepS = Number(request.step);
    if (!/^\s*\d+(\.\d+)?\s*$/.test(request.step) || !(stepS >= 1 && stepS <= 86_400)) throw new HttpError(400, `Invalid request: step: '${request.step}' is not a number of seconds from 1 to 86400`);
  }
  if (!(endMs > startMs)) throw new HttpError(400, 'Invalid request: end: must be after start');
  if (endMs - startMs > MAX_EPHEMERIS_DAYS * 86_400_000) throw new HttpError(400, `Invalid request: end: the span is at most ${MAX_EPHEMERIS_DAYS} days`);
  const states = Math.ceil((endMs - startMs) / (stepS * 1000)) + 1;
  if (states > MAX_EPHEMERIS_STATES) throw new HttpError(400, `Invalid request: step: ${states} states is more than ${MAX_EPHEMERIS_STATES}; use a longer step or a shorter span`);
  return { startMs, endMs, stepS };
}

/** The SGP4 ephemeris of `set` as a CCSDS OEM or CZML; a 422 when SGP4 cannot give even its first state. */
export function ephemerisFile(set: ElementSet, kind: 'oem' | 'czml', span: { startMs: UtcMs; endMs: UtcMs; stepS: number }, frame: EphemerisFrame, now: UtcMs): ExportFile {
  const name = set.name ?? String(set.norad);
  const eph = sampleEphemeris(set, span.startMs, span.endMs, span.stepS, kind === 'czml' ? 'EME2000' : frame);
  if (eph.states.length < (kind === 'czml' ? 2 : 1)) {
    throw new HttpError(422, `SGP4 cannot propagate ${set.norad} over this span: ${eph.stoppedAt?.reason ?? 'no state'}`);
  }
  const comments = [
    `SGP4 (Vallado et al. 2006, satellite.js) from the element set of epoch ${new Date(set.epoch).toISOString()}`,
    ...(eph.stoppedAt ? [`SGP4 stopped at ${new Date(eph.stoppedAt.epoch).toISOString()}: ${eph.stoppedAt.reason}`] : []),
  ];
  const base = `${set.norad}-${new Date(span.startMs).toISOString().slice(0, 10)}`;
  if (kind === 'oem') {
    const body = writeOem([{ objectName: name, objectId: set.cosparId ?? 'UNKNOWN', refFrame: eph.frame, states: eph.states, comments }], { creationDate: now, originator: ORIGINATOR });
    return { body, contentType: 'text/plain; charset=utf-8', filename: `${base}.oem` };
  }
  const doc = czmlDocument({ id: `norad-${set.norad}`, name, description: comments.join('. ') }, eph.states);
  return { body: `${JSON.stringify(doc)}\n`, contentType: 'application/json; charset=utf-8', filename: `${base}.czml` };
}
