/**
 * Reader of SET's SOLFSMY.TXT, the solar indices file of the JB2008 model (Space Environment
 * Technologies, sol.spacenvironment.net/JB2008/indices/SOLFSMY.TXT; read by SOLFSMY in SET's
 * JB08DRVY2K.for). After '#' comment lines, one row per UTC day, fields separated by blanks:
 *
 *   YYYY DDD JulianDay F10 F81c S10 S81c M10 M81c Y10 Y81c Ssrc
 *
 * F10 is the observed 10.7 cm flux and F81c its 81-day centred mean; S10 (EUV, from SOHO SEM /
 * SDO EVE), M10 (Mg II core-to-wing, 280 nm) and Y10 (X-ray 0.1–0.8 nm blended with Lyman-α) are
 * indices in F10.7 units (sfu), each with its 81-day centred mean (Bowman et al. 2008, AIAA
 * 2008-6438, "Solar indices"); Ssrc names the S10 source.
 *
 * A value below 40 sfu is no value: SET's routine drops an index and its mean together when
 * either is below 40 (`IF (VS10(INDX).LT.40..OR.VS10B(INDX).LT.40.)`, JB08DRVY2K.for SOLFSMY;
 * the file has no blank fields, so a missing day is written as a small number). We read such a
 * pair as null, and JB2008 then takes the F10.7 proxy for it (jb2008-indices.ts).
 */
import { hasNul, NUL_REASON } from '../elements/nul.ts';
import { JD_UNIX_EPOCH } from '../time/julian.ts';
import { dayLabel, dayOfYearNumber } from './time-keys.ts';

/** One day of SOLFSMY (sfu; null where the file gives no value). */
export interface SolarIndicesDay {
  /** UTC day number (time-keys.ts). */
  readonly day: number;
  readonly f10: number | null;
  readonly f81c: number | null;
  readonly s10: number | null;
  readonly s81c: number | null;
  readonly m10: number | null;
  readonly m81c: number | null;
  readonly y10: number | null;
  readonly y81c: number | null;
  /** Where the row came from, e.g. "SET SOLFSMY SOLFSMY.TXT line 12". */
  readonly source: string;
}

export interface SolfsmyParse {
  readonly days: SolarIndicesDay[];
  readonly rejected: { line: number; reason: string }[];
  readonly firstDate: string | null;
  readonly lastDate: string | null;
}

/** The indices of a row, in file order after the Julian date. */
export const SOLFSMY_INDICES = ['f10', 'f81c', 's10', 's81c', 'm10', 'm81c', 'y10', 'y81c'] as const;

/** SET's floor for a valid index (see the file comment), sfu. */
export const SOLFSMY_MIN_VALID_SFU = 40;
/** Above any flux index ever recorded (F10.7 peaked near 460 sfu in 1947); a larger number is a broken row. */
const MAX_INDEX_SFU = 1000;

/** Whether a text looks like SOLFSMY: a '#' header naming S10, M10 and Y10, or rows of year, day of year and Julian date. */
export function looksLikeSolfsmy(text: string): boolean {
  const head = text.slice(0, 4000);
  if (/^#.*\bS10\b.*\bM10\b.*\bY10\b/m.test(head)) return true;
  const firstRow = head.split(/\r?\n/).find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  return firstRow !== undefined && /^\s*\d{4}\s+\d{1,3}\s+\d{7}(\.\d+)?\s+/.test(firstRow);
}

/** Reads SOLFSMY text: every good row is kept, every bad one rejected with its line and reason. */
export function parseSolfsmy(text: string, options: { source: string }): SolfsmyParse {
  const days: SolarIndicesDay[] = [];
  const rejected: { line: number; reason: string }[] = [];
  const seen = new Set<number>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    // Rejections quote fields and are stored as text, which cannot hold U+0000 (elements/nul.ts).
    if (hasNul(raw)) {
      rejected.push({ line, reason: `the row ${NUL_REASON}` });
      return;
    }
    const fields = trimmed.split(/\s+/);
    if (fields.length < 11) {
      rejected.push({ line, reason: `expected 11 numbers (YYYY DDD JulianDay F10 F81c S10 S81c M10 M81c Y10 Y81c), got ${fields.length} fields` });
      return;
    }
    const date = dayOfYearNumber(fields[0]!, fields[1]!);
    if ('reason' in date) {
      rejected.push({ line, reason: date.reason });
      return;
    }
    const { day, year, doy } = date;
    const jd = Number(fields[2]);
    // SET dates its rows by the Julian date of noon (2450450.0 is 1997-01-01); a file dated at 0h is as good.
    const jdNoon = JD_UNIX_EPOCH + day + 0.5;
    if (!Number.isFinite(jd) || Math.abs(jd - jdNoon) > 0.5) {
      rejected.push({ line, reason: `Julian date '${fields[2]}' is not that of ${year} day ${doy} (${jdNoon})` });
      return;
    }
    const values: (number | null)[] = [];
    for (let k = 0; k < SOLFSMY_INDICES.length; k++) {
      const text = fields[3 + k]!;
      const value = Number(text);
      if (!Number.isFinite(value) || !/^-?\d+(\.\d*)?([eE][-+]?\d+)?$/.test(text)) {
        rejected.push({ line, reason: `${SOLFSMY_INDICES[k]!.toUpperCase()} '${text}' is not a number` });
        return;
      }
      if (value > MAX_INDEX_SFU) {
        rejected.push({ line, reason: `${SOLFSMY_INDICES[k]!.toUpperCase()} ${value} sfu is beyond any solar flux index (> ${MAX_INDEX_SFU})` });
        return;
      }
      values.push(value);
    }
    // SET's rule: an index and its 81-day mean are dropped together when either is below 40 sfu.
    for (let k = 0; k < values.length; k += 2) {
      if (values[k]! < SOLFSMY_MIN_VALID_SFU || values[k + 1]! < SOLFSMY_MIN_VALID_SFU) values[k] = values[k + 1] = null;
    }
    if (seen.has(day)) {
      rejected.push({ line, reason: `${year} day ${doy} appears twice; the first row is kept` });
      return;
    }
    seen.add(day);
    const [f10, f81c, s10, s81c, m10, m81c, y10, y81c] = values as [number | null, number | null, number | null, number | null, number | null, number | null, number | null, number | null];
    days.push({ day, f10, f81c, s10, s81c, m10, m81c, y10, y81c, source: `${options.source} line ${line}` });
  });
  days.sort((a, b) => a.day - b.day);
  const first = days[0];
  const last = days.at(-1);
  return { days, rejected, firstDate: first ? dayLabel(first.day) : null, lastDate: last ? dayLabel(last.day) : null };
}
