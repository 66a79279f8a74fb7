/**
 * International (COSPAR) designators. A TLE writes them in columns 10–17 as "YYNNNPPP"
 * (launch year, launch number of the year, piece), e.g. "58002B"; OMM [OBJECT_ID] and
 * SATCAT write "YYYY-NNNPPP", e.g. "1958-002B". We keep the OMM form. Years use the TLE
 * convention (57–99 → 19xx, 00–56 → 20xx). A few old analyst sets carry no piece letters
 * ("70025"), which we keep as "1970-025".
 */
import { tleFullYear } from '../time/tle-epoch.ts';

const TLE_FORM = /^(\d{2})(\d{3})([A-Z]{0,3})$/;
const OMM_FORM = /^(\d{4})-(\d{3})([A-Z]{0,3})$/;

/** "YYYY-NNNPPP" from the TLE field; undefined for a blank field; null if malformed. */
export function cosparFromTle(field: string): string | undefined | null {
  const text = field.trim();
  if (text === '') return undefined;
  if (!TLE_FORM.test(text)) return null;
  // "YY" then "NNNPPP" as they stand (a test and two slices cost less than the match's groups, once per record).
  return `${tleFullYear(Number(text.slice(0, 2)))}-${text.slice(2)}`;
}

/** The 8-character TLE field for an OMM-form designator (blank if absent or not expressible). */
export function cosparToTle(cosparId: string | undefined): string {
  const m = cosparId === undefined ? null : OMM_FORM.exec(cosparId);
  if (!m) return '        ';
  const year = Number(m[1]);
  if (year < 1957 || year > 2056) return '        ';
  return `${m[1]!.slice(2)}${m[2]}${m[3]}`.padEnd(8, ' ');
}

/** True for a well-formed "YYYY-NNNPPP". */
export function isCosparId(text: string): boolean {
  return OMM_FORM.test(text);
}
