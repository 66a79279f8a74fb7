/**
 * CelesTrak SATCAT in CSV (https://celestrak.org/satcat/satcat-format.php, FORMAT=csv):
 * OBJECT_NAME, OBJECT_ID, NORAD_CAT_ID, OBJECT_TYPE, OPS_STATUS_CODE, OWNER, LAUNCH_DATE,
 * LAUNCH_SITE, DECAY_DATE, PERIOD, INCLINATION, APOGEE, PERIGEE, RCS, DATA_STATUS_CODE,
 * ORBIT_CENTER, ORBIT_TYPE. Column order is taken from the header; only the metadata the
 * catalogue keeps is read (orbits come from element sets).
 */
import type { Rejection } from '../elements/element-set.ts';
import { hasNul, NUL_REASON } from '../elements/nul.ts';
import { readCsvRows } from '../elements/omm-csv.ts';

export type ObjectType = 'payload' | 'rocket_body' | 'debris' | 'unknown';

export interface SatcatRecord {
  readonly norad: number;
  readonly name: string;
  readonly cosparId: string | null;
  readonly objectType: ObjectType;
  readonly owner: string | null;
  readonly launchDate: string | null;
  readonly decayDate: string | null;
  /** Radar cross-section, m², where published. */
  readonly rcsM2: number | null;
}

/** SATCAT OBJECT_TYPE codes. */
const TYPES: Readonly<Record<string, ObjectType>> = { PAY: 'payload', 'R/B': 'rocket_body', DEB: 'debris', UNK: 'unknown' };

/** Object type guessed from a name when no SATCAT is at hand (the catalogue README's rule: DEB, R/B, TBA). */
export function objectTypeFromName(name: string): ObjectType {
  const upper = name.toUpperCase();
  if (/\bDEB\b|COOLANT|SHROUD/.test(upper)) return 'debris';
  if (/R\/B|\bAKM\b|\bPKM\b/.test(upper)) return 'rocket_body';
  if (/^TBA\b|^OBJECT\b/.test(upper)) return 'unknown';
  return 'payload';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseSatcatCsv(text: string): { records: SatcatRecord[]; rejected: Rejection[] } {
  const rows = readCsvRows(text.replace(/^\uFEFF/, ''));
  const [header, ...body] = rows;
  if (!header) return { records: [], rejected: [{ line: 1, reason: 'empty file' }] };
  const columns = header.fields.map((f) => f.trim().toUpperCase());
  const col = (name: string) => columns.indexOf(name);
  for (const required of ['NORAD_CAT_ID', 'OBJECT_NAME', 'OBJECT_TYPE']) {
    if (col(required) < 0) return { records: [], rejected: [{ line: header.line, reason: `not a SATCAT CSV: no ${required} column` }] };
  }
  const records: SatcatRecord[] = [];
  const rejected: Rejection[] = [];
  for (const row of body) {
    const get = (name: string) => (col(name) >= 0 ? (row.fields[col(name)] ?? '').trim() : '');
    // Names, owners and designators are stored as text, which cannot hold U+0000; nor can the stored rejection quote one.
    if (row.fields.some(hasNul)) {
      rejected.push({ line: row.line, reason: `the row ${NUL_REASON}` });
      continue;
    }
    const noradText = get('NORAD_CAT_ID');
    const reject = (reason: string) => rejected.push({ line: row.line, ...(noradText ? { norad: noradText } : {}), reason });
    if (row.problem) {
      reject(row.problem);
      continue;
    }
    const norad = Number(noradText);
    if (!/^\d+$/.test(noradText) || norad < 1 || norad > 339_999) {
      reject(`NORAD_CAT_ID must be a whole number 1-339999, got '${noradText}'`);
      continue;
    }
    const typeCode = get('OBJECT_TYPE').toUpperCase();
    const objectType = TYPES[typeCode];
    if (!objectType) {
      reject(`OBJECT_TYPE must be PAY, R/B, DEB or UNK, got '${typeCode}'`);
      continue;
    }
    const launch = get('LAUNCH_DATE');
    const decay = get('DECAY_DATE');
    if ((launch && !DATE.test(launch)) || (decay && !DATE.test(decay))) {
      reject(`LAUNCH_DATE and DECAY_DATE must be YYYY-MM-DD, got '${launch}' and '${decay}'`);
      continue;
    }
    const rcsText = get('RCS');
    const rcs = rcsText === '' ? null : Number(rcsText);
    if (rcs !== null && !(Number.isFinite(rcs) && rcs >= 0)) {
      reject(`RCS must be a non-negative number of m², got '${rcsText}'`);
      continue;
    }
    records.push({
      norad,
      name: get('OBJECT_NAME') || `NORAD ${norad}`,
      cosparId: get('OBJECT_ID') || null,
      objectType,
      owner: get('OWNER') || null,
      launchDate: launch || null,
      decayDate: decay || null,
      rcsM2: rcs,
    });
  }
  return { records, rejected };
}
