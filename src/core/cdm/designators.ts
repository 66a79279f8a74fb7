/**
 * The identifiers of an object in a CDM (CCSDS 508.0-B-1 Table 3-3), shared by what reads a
 * message into a conjunction (conjunction.ts) and what summarises a received one (received-cdm.ts,
 * space-track-json.ts), so that both read a designator the same way.
 */
import { decodeAlpha5 } from '../elements/alpha5.ts';

/**
 * The catalogue number of an OBJECT_DESIGNATOR (or Space-Track's SAT_n_ID): digits, leading zeros
 * allowed ('000025994' → 25994, as CARA writes it), or Alpha-5 ('T0000' → 270000: catalogue numbers
 * past 99,999 in the five characters of a TLE, core/elements/alpha5.ts); null for anything else.
 */
export function noradIdOf(designator: string): number | null {
  const text = designator.trim();
  const n = /^\d+$/.test(text) ? Number(text) : decodeAlpha5(text);
  return n !== undefined && Number.isSafeInteger(n) ? n : null;
}

/** INTERNATIONAL_DESIGNATOR ('1999-068A'), or null where it is absent, blank or UNKNOWN (Table 3-3 allows UNKNOWN). */
export function internationalDesignatorOf(text: string | undefined): string | null {
  const value = text?.trim() ?? '';
  return value === '' || value.toUpperCase() === 'UNKNOWN' ? null : value;
}
