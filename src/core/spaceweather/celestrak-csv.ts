/**
 * CelesTrak's space-weather CSV (celestrak.org/SpaceData/SW-All.csv, SW-Last5Years.csv; the CSV
 * form of the CSSI SpaceWeather format, celestrak.org/SpaceData/SpaceWx-format.php). One row per
 * UTC day; columns as shared/reference/spaceweather/README.md lists them:
 *
 *   DATE, BSRN, ND, KP1…KP8, KP_SUM, AP1…AP8, AP_AVG, CP, C9, ISN, F10.7_OBS, F10.7_ADJ,
 *   F10.7_DATA_TYPE, F10.7_OBS_CENTER81, F10.7_OBS_LAST81, F10.7_ADJ_CENTER81, F10.7_ADJ_LAST81
 *
 * Read by header name, so the column order may change; DATE and F10.7_DATA_TYPE are required,
 * the value columns are read when present. F10.7_DATA_TYPE: OBS observed, INT interpolated over
 * a missing observation (kept as observed: the Kp/Ap of those days are measured), PRD the 45-day
 * daily prediction, PRM the monthly prediction (first of the month, no Kp/Ap).
 *
 * A blank field is a missing value (the format leaves missing values blank). A row is rejected,
 * with its line number and the reason, for: a bad date, an unknown data type, a field that is not
 * a number or is out of range, a field count different from the header's, a date seen before, or
 * no values at all. Every other row is kept.
 */
import { hasNul, NUL_REASON, showNul } from '../elements/nul.ts';
import { parseUtc } from '../time/iso-time.ts';
import { fieldNumber } from './field-number.ts';
import { kpFromTimesTen } from './kp-ap.ts';
import { dayLabel, dayNumber, INTERVALS_PER_DAY } from './time-keys.ts';
import type { DailyApRecord, DailyFluxRecord, FluxMeanRecord, RecordStatus, SpaceWeatherRecords, ThreeHourRecord } from './types.ts';

export type SwAllDataType = 'OBS' | 'INT' | 'PRD' | 'PRM';

export interface CsvRejection {
  /** 1-based line number in the text. */
  readonly line: number;
  readonly reason: string;
  readonly text: string;
}

export interface SwAllParseResult {
  readonly records: SpaceWeatherRecords;
  /** Rows kept. */
  readonly rows: number;
  readonly rejected: readonly CsvRejection[];
  /** Rows kept per F10.7_DATA_TYPE. */
  readonly counts: Readonly<Record<SwAllDataType, number>>;
  readonly firstDate: string | null;
  readonly lastDate: string | null;
  /** The last OBS or INT day. */
  readonly lastObservedDate: string | null;
}

const TYPES: Record<SwAllDataType, { status: RecordStatus; cadence: 'daily' | 'monthly' }> = {
  OBS: { status: 'observed', cadence: 'daily' },
  INT: { status: 'observed', cadence: 'daily' },
  PRD: { status: 'predicted', cadence: 'daily' },
  PRM: { status: 'predicted', cadence: 'monthly' },
};

const KP = Array.from({ length: INTERVALS_PER_DAY }, (_, i) => `KP${i + 1}`);
const AP = Array.from({ length: INTERVALS_PER_DAY }, (_, i) => `AP${i + 1}`);
const FLUX = ['F10.7_OBS', 'F10.7_ADJ', 'F10.7_OBS_CENTER81', 'F10.7_ADJ_CENTER81', 'F10.7_OBS_LAST81', 'F10.7_ADJ_LAST81'];
/** Days on each side of the day in an 81-day centred window. */
const HALF_WINDOW_DAYS = 40;
/** A generous bound: daily values reach ~550 sfu, flare-contaminated readings ~1000 (1957 file: 924.4). */
const MAX_FLUX_SFU = 2000;

class RowError extends Error {}

/** Reads SW-All CSV text. `source` names the file in each record's provenance (default "CelesTrak SW-All"). */
export function parseSwAllCsv(text: string, options: { source?: string } = {}): SwAllParseResult {
  const source = options.source ?? 'CelesTrak SW-All';
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const flux: DailyFluxRecord[] = [];
  const fluxMeans: FluxMeanRecord[] = [];
  const threeHourly: ThreeHourRecord[] = [];
  const dailyAp: DailyApRecord[] = [];
  const rejected: CsvRejection[] = [];
  const counts: Record<SwAllDataType, number> = { OBS: 0, INT: 0, PRD: 0, PRM: 0 };
  const seen = new Map<number, number>();
  let first: number | null = null;
  let last: number | null = null;
  let lastObserved: number | null = null;

  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  const empty = (reason: string, line = headerIndex + 1): SwAllParseResult => ({
    records: { flux, fluxMeans, threeHourly, dailyAp },
    rows: 0,
    rejected: [{ line: Math.max(line, 1), reason: showNul(reason), text: showNul(lines[Math.max(line, 1) - 1] ?? '') }],
    counts,
    firstDate: null,
    lastDate: null,
    lastObservedDate: null,
  });
  if (headerIndex < 0) return empty('no header line (the text is empty)', 1);
  const header = lines[headerIndex]!.split(',').map((h) => h.trim());
  const column = new Map(header.map((name, i) => [name, i]));
  const missing = ['DATE', 'F10.7_DATA_TYPE'].filter((name) => !column.has(name));
  if (missing.length > 0) return empty(`the header has no ${missing.join(' or ')} column: not SW-All CSV`);

  for (let i = headerIndex + 1; i < lines.length; i += 1) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const lineNo = i + 1;
    // The rejection is stored, quoting the row, as text that cannot hold U+0000 (elements/nul.ts).
    if (hasNul(raw)) {
      rejected.push({ line: lineNo, reason: `the row ${NUL_REASON}`, text: showNul(raw) });
      continue;
    }
    try {
      const fields = raw.split(',');
      if (fields.length !== header.length) throw new RowError(`has ${fields.length} fields, the header has ${header.length}`);
      const text = (name: string): string => (column.has(name) ? fields[column.get(name)!]!.trim() : '');
      const number = (name: string, min: number, max: number, integer = false): number | null => {
        const value = fieldNumber(text(name));
        if (value === undefined) return null;
        if (Number.isNaN(value)) throw new RowError(`${name} is not a number: '${text(name)}'`);
        if (value < min || value > max || (integer && !Number.isInteger(value))) {
          throw new RowError(`${name} = ${text(name)} is outside ${integer ? 'the whole numbers ' : ''}${min}…${max}`);
        }
        return value;
      };

      const dateText = text('DATE');
      const time = /^\d{4}-\d{2}-\d{2}$/.test(dateText) ? parseUtc(dateText) : undefined;
      if (time === undefined) throw new RowError(`DATE '${dateText}' is not a calendar date YYYY-MM-DD`);
      const day = dayNumber(time);
      const typeText = text('F10.7_DATA_TYPE');
      if (!(typeText in TYPES)) throw new RowError(`F10.7_DATA_TYPE '${typeText}' is not OBS, INT, PRD or PRM`);
      const type = typeText as SwAllDataType;
      const firstLine = seen.get(day);
      if (firstLine !== undefined) throw new RowError(`DATE ${dateText} repeats line ${firstLine}`);

      // Read and range-check every value first, so a bad field rejects the whole row.
      const kp = KP.map((name) => number(name, 0, 90, true));
      const ap = AP.map((name) => number(name, 0, 400));
      const apAvg = number('AP_AVG', 0, 400);
      const [obs, adj, obsC81, adjC81, obsL81, adjL81] = FLUX.map((name) => {
        const v = number(name, 0, MAX_FLUX_SFU);
        if (v === 0) throw new RowError(`${name} is 0: F10.7 is positive`);
        return v;
      }) as [number | null, number | null, number | null, number | null, number | null, number | null];
      const hasGeomagnetic = kp.some((k, n) => k !== null && ap[n] !== null) || apAvg !== null;
      if (!hasGeomagnetic && obs === null && adj === null && [obsC81, adjC81, obsL81, adjL81].every((v) => v === null)) {
        throw new RowError('has no values');
      }

      const { status, cadence } = TYPES[type];
      const where = `${source} line ${lineNo} (${type})`;
      seen.set(day, lineNo);
      counts[type] += 1;
      first = first === null ? day : Math.min(first, day);
      last = last === null ? day : Math.max(last, day);
      if (status === 'observed') lastObserved = lastObserved === null ? day : Math.max(lastObserved, day);

      if (obs !== null || adj !== null) flux.push({ day, observed: obs, adjusted: adj, status, cadence, source: where });
      if (obsC81 !== null || adjC81 !== null || obsL81 !== null || adjL81 !== null) {
        fluxMeans.push({
          day,
          observedCentred81: obsC81,
          adjustedCentred81: adjC81,
          observedTrailing81: obsL81,
          adjustedTrailing81: adjL81,
          status,
          cadence,
          source: where,
        });
      }
      for (let n = 0; n < INTERVALS_PER_DAY; n += 1) {
        const k = kp[n];
        const a = ap[n];
        if (k === null || k === undefined || a === null || a === undefined) continue;
        threeHourly.push({ interval: day * INTERVALS_PER_DAY + n, kp: kpFromTimesTen(k), ap: a, status, source: where });
      }
      if (apAvg !== null) dailyAp.push({ day, ap: apAvg, status, source: where });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      rejected.push({ line: lineNo, reason: error.message, text: raw });
    }
  }

  // A centred 81-day mean reaches 40 days past its day: within 40 days of the last observed day
  // CelesTrak fills the window with predictions, so the mean is not (yet) an observed value.
  const means = fluxMeans.map((m): FluxMeanRecord => {
    if (m.status !== 'observed' || (lastObserved !== null && m.day + HALF_WINDOW_DAYS <= lastObserved)) return m;
    return {
      ...m,
      status: 'predicted',
      method: `the centred window reaches past the file's last observed day${lastObserved === null ? '' : ` (${dayLabel(lastObserved)})`}: it includes predicted days`,
    };
  });

  return {
    records: { flux, fluxMeans: means, threeHourly, dailyAp },
    rows: counts.OBS + counts.INT + counts.PRD + counts.PRM,
    rejected,
    counts,
    firstDate: first === null ? null : dayLabel(first),
    lastDate: last === null ? null : dayLabel(last),
    lastObservedDate: lastObserved === null ? null : dayLabel(lastObserved),
  };
}
