/**
 * Reader of SET's DTCFILE.TXT, JB2008's storm temperature change ΔTc from the Dst index (Space
 * Environment Technologies, sol.spacenvironment.net/JB2008/indices/DTCFILE.TXT; Bowman et al.
 * 2008, AIAA 2008-6438, "Dst geomagnetic storm model"). One row per UTC day:
 *
 *   DTC YYYY DDD v1 … v24        (FORMAT(4X,I4,x,I3,x,24I4) in SET's JB08DRVY2K.for, DTCVAL)
 *
 * vᵢ is ΔTc in whole kelvin at (i − 1) h UT. SET's DTCVAL takes a value above 2000 as missing,
 * interpolates linearly between the hourly values and rounds to whole kelvin
 * (`IDTCVAL = IDTCVAL1 + FAC*(IDTCVAL2-IDTCVAL1) + 0.5`, assigned to an integer): `dtcAt` does
 * the same.
 */
import { hasNul, NUL_REASON } from '../elements/nul.ts';
import type { UtcMs } from '../units.ts';
import { dayLabel, dayOfYearNumber } from './time-keys.ts';

/** One UTC day of DTCFILE. */
export interface StormTemperatureDay {
  /** UTC day number (time-keys.ts). */
  readonly day: number;
  /** ΔTc at 00, 01, … 23 h UT, K. */
  readonly hourly: readonly number[];
  /** e.g. "SET DTCFILE DTCFILE.TXT line 3". */
  readonly source: string;
}

export interface DtcfileParse {
  readonly days: StormTemperatureDay[];
  readonly rejected: { line: number; reason: string }[];
  readonly firstDate: string | null;
  readonly lastDate: string | null;
}

/** Above this, SET's DTCVAL takes a value as missing (`IDTCH(I).GT.2000`), K. */
export const DTC_MAX_VALID_K = 2000;

/** Whether a text looks like DTCFILE: rows starting "DTC YYYY DDD". */
export function looksLikeDtcfile(text: string): boolean {
  const firstRow = text
    .slice(0, 4000)
    .split(/\r?\n/)
    .find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  return firstRow !== undefined && /^\s*DTC\s+\d{4}\s+\d{1,3}\s/.test(firstRow);
}

/** Width of a row in SET's layout: 'DTC ', I4, x, I3, x, then 24 × I4. */
const FIXED_ROW_LENGTH = 13 + 24 * 4;

/**
 * The fields of a row in SET's fixed layout (FORMAT(4X,I4,x,I3,x,24I4)): there the hourly values
 * need not be separated (a storm's 1000 K after 500 K reads "5001000"), so they are cut by column.
 * Undefined for a row of another width, which is then split on blanks (a hand-made file).
 */
function fixedWidthFields(row: string): string[] | undefined {
  if (row.length !== FIXED_ROW_LENGTH || !row.startsWith('DTC')) return undefined;
  const fields = ['DTC', row.slice(4, 8).trim(), row.slice(9, 12).trim()];
  for (let h = 0; h < 24; h++) fields.push(row.slice(13 + 4 * h, 17 + 4 * h).trim());
  return fields;
}

/** Reads DTCFILE text: every good row is kept, every bad one rejected with its line and reason. */
export function parseDtcfile(text: string, options: { source: string }): DtcfileParse {
  const days: StormTemperatureDay[] = [];
  const rejected: { line: number; reason: string }[] = [];
  const seen = new Set<number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    // Rejections quote fields and are stored as text, which cannot hold U+0000 (elements/nul.ts).
    if (hasNul(raw)) {
      rejected.push({ line, reason: `the row ${NUL_REASON}` });
      return;
    }
    const fields = fixedWidthFields(raw.trimEnd()) ?? trimmed.split(/\s+/);
    if (fields[0] !== 'DTC') {
      rejected.push({ line, reason: `a row starts with 'DTC', not '${fields[0]}'` });
      return;
    }
    if (fields.length !== 27) {
      rejected.push({ line, reason: `expected DTC, year, day of year and 24 hourly values, got ${fields.length} fields` });
      return;
    }
    const date = dayOfYearNumber(fields[1]!, fields[2]!);
    if ('reason' in date) {
      rejected.push({ line, reason: date.reason });
      return;
    }
    const { day, year, doy } = date;
    const hourly: number[] = [];
    for (let h = 0; h < 24; h++) {
      const text = fields[3 + h]!;
      if (!/^-?\d+$/.test(text)) {
        rejected.push({ line, reason: `the ${h} h value '${text}' is not a whole number of kelvin` });
        return;
      }
      const value = Number(text);
      if (value > DTC_MAX_VALID_K) {
        rejected.push({ line, reason: `the ${h} h value ${value} K is SET's mark of a missing value (> ${DTC_MAX_VALID_K})` });
        return;
      }
      hourly.push(value);
    }
    if (seen.has(day)) {
      rejected.push({ line, reason: `${year} day ${doy} appears twice; the first row is kept` });
      return;
    }
    seen.add(day);
    days.push({ day, hourly, source: `${options.source} line ${line}` });
  });
  days.sort((a, b) => a.day - b.day);
  const first = days[0];
  const last = days.at(-1);
  return { days, rejected, firstDate: first ? dayLabel(first.day) : null, lastDate: last ? dayLabel(last.day) : null };
}

/**
 * ΔTc at `time` from DTCFILE days (by day number), as SET's DTCVAL gives it: linear between the
 * hourly values, rounded to whole kelvin; undefined when the hour holding `time` is not covered.
 * At the first covered hour (no value before it) that hour's value is taken as it is, as DTCVAL
 * does for the file's first value (`IF (INDX.EQ.1) IDTCVAL = IDTC(1)`); at the last covered hour
 * (no next value) too.
 */
export function dtcAt(days: ReadonlyMap<number, StormTemperatureDay>, time: UtcMs): { value: number; day: number; hour: number; source: string } | undefined {
  const hours = time / 3_600_000;
  const hour = Math.floor(hours);
  const value = (h: number) => days.get(Math.floor(h / 24))?.hourly[((h % 24) + 24) % 24];
  const v1 = value(hour);
  if (v1 === undefined) return undefined;
  const v2 = value(hour + 1);
  const day = Math.floor(hour / 24);
  const at = { day, hour: hour - day * 24, source: days.get(day)!.source };
  if (value(hour - 1) === undefined || v2 === undefined) return { value: v1, ...at };
  // Fortran's integer assignment truncates: IDTCVAL = IDTCVAL1 + FAC*(IDTCVAL2-IDTCVAL1) + 0.5.
  return { value: Math.trunc(v1 + (hours - hour) * (v2 - v1) + 0.5), ...at };
}
