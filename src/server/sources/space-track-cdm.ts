import type { SpaceTrackClient } from './space-track.ts';

/**
 * The fleet's conjunction data messages from Space-Track, as JSON records (core cdm/space-track-json.ts
 * reads both classes).
 *
 * - `cdm_public` (any account): CDM_ID, CREATED, EMERGENCY_REPORTABLE, TCA, MIN_RNG, PC, SAT_1_ID,
 *   SAT_1_NAME, SAT1_OBJECT_TYPE, SAT1_RCS, SAT_1_EXCL_VOL and the same for SAT_2 / SAT2 (the class's
 *   modeldef, basicspacedata/modeldef/class/cdm_public, as listed by the spacetrack clients' typed
 *   records, e.g. brahe's CDM page and AstroWatch.SpaceTrack's ConjunctionDataMessagePublic.cs).
 *   Space-Track joins no predicates with OR, so the fleet is asked twice, as SAT_1_ID and as SAT_2_ID,
 *   each with a comma-delimited list of NORAD ids (its "Retrieval Strategy": combine objects in one
 *   query rather than one query per satellite) and TCA/>now (only conjunctions still ahead);
 *   a CDM between two fleet objects comes in both answers and is kept once (by CDM_ID).
 * - `cdm` (owner/operators with a sharing agreement; CDM_CLASS=full): every CCSDS keyword of the
 *   messages about the account's own objects, under the expandedspacedata controller. Asked with
 *   TCA/>now only (the class shows an operator its own constellation), and kept for the fleet.
 */

export const CDM_PUBLIC_CLASS = '/basicspacedata/query/class/cdm_public';
export const CDM_FULL_CLASS = '/expandedspacedata/query/class/cdm';
/** NORAD ids per query: keeps a URL well under the usual 8 KB limits of servers and proxies. */
export const IDS_PER_QUERY = 200;

/** The cdm_public queries for the fleet's NORAD ids: SAT_1_ID, then SAT_2_ID, each in chunks. */
export function cdmPublicQueries(fleet: readonly number[], perQuery = IDS_PER_QUERY): string[] {
  const ids = [...new Set(fleet)].sort((a, b) => a - b);
  const out: string[] = [];
  for (const predicate of ['SAT_1_ID', 'SAT_2_ID']) {
    for (let i = 0; i < ids.length; i += perQuery) {
      out.push(`${CDM_PUBLIC_CLASS}/${predicate}/${ids.slice(i, i + perQuery).join(',')}/TCA/%3Enow/orderby/CDM_ID%20asc/format/json`);
    }
  }
  return out;
}

/** The full class's query: the account's messages with the TCA still ahead. */
export const CDM_FULL_QUERY = `${CDM_FULL_CLASS}/TCA/%3Enow/orderby/CDM_ID%20asc/format/json`;

/** The answer of one query: a JSON array of records (Space-Track sends [] when nothing matches). */
export function recordsOf(text: string, path: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`Space-Track did not answer JSON for ${path.split('/').slice(0, 6).join('/')}: ${text.slice(0, 120).trim()}`);
  }
  if (!Array.isArray(parsed)) {
    // An error comes as an object, e.g. {"error":"…"}: its words, never a login body (queries only).
    throw new Error(`Space-Track answered ${JSON.stringify(parsed).slice(0, 200)} instead of a list of records`);
  }
  return parsed;
}

/** A record's CDM_ID (Space-Track's own id of a message, in both classes), if it has one. */
function cdmIdOf(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const id = (record as Record<string, unknown>).CDM_ID;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** Records of several answers, each CDM_ID once (records without one are all kept: the import judges them). */
export function uniqueRecords(answers: readonly unknown[][]): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const records of answers) {
    for (const record of records) {
      const id = cdmIdOf(record);
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      out.push(record);
    }
  }
  return out;
}

/** The fleet's cdm_public records with the TCA ahead: one query per predicate and chunk, in turn (the limiter paces them). */
export async function fetchCdmPublic(client: SpaceTrackClient, fleet: readonly number[]): Promise<{ records: unknown[]; requests: number }> {
  const answers: unknown[][] = [];
  const queries = cdmPublicQueries(fleet);
  for (const path of queries) answers.push(recordsOf(await client.query(path), path));
  return { records: uniqueRecords(answers), requests: queries.length };
}

/** The account's full `cdm` records with the TCA ahead, those about a fleet object (or that name no object: the import rejects them). */
export async function fetchCdmFull(client: SpaceTrackClient, fleet: readonly number[]): Promise<unknown[]> {
  const ids = new Set(fleet);
  const records = uniqueRecords([recordsOf(await client.query(CDM_FULL_QUERY), CDM_FULL_QUERY)]);
  return records.filter((record) => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return true;
    const r = record as Record<string, unknown>;
    const norads = [r.SAT1_OBJECT_DESIGNATOR, r.SAT2_OBJECT_DESIGNATOR].map((d) => (typeof d === 'string' && /^\d+$/.test(d.trim()) ? Number(d) : typeof d === 'number' ? d : null));
    if (norads.every((n) => n === null)) return true;
    return norads.some((n) => n !== null && ids.has(n));
  });
}
