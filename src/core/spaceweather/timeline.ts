/**
 * One quantity over time (daily F10.7, daily Ap, 3-hour ap, …), keyed by day or 3-hour interval
 * number, with the precedence rule for records of several sources and the fall-backs of a
 * look-up. The series (series.ts) holds one timeline per quantity.
 *
 * Precedence: an observed record beats a predicted one, a daily prediction beats a monthly one;
 * between equals the record put first stays (callers give the more trusted source first:
 * SW-All's final values before SWPC's preliminary ones).
 */
import type { IndexValue, RecordStatus, SpaceWeatherStatus } from './types.ts';
import { weakestStatus } from './types.ts';

/** What a timeline holds: a reader's record (no copies are made: the series holds ~300,000 of them). */
export interface TimelineRecord {
  readonly status: RecordStatus;
  readonly cadence?: 'daily' | 'monthly';
  readonly source: string;
}

/** How a timeline reads its records: the key, the value (null: not this quantity) and the method. */
export interface TimelineView<R> {
  readonly key: (r: R) => number;
  readonly value: (r: R) => number | null;
  readonly method?: (r: R) => string | undefined;
}

const rank = (r: TimelineRecord): number => (r.status === 'observed' ? 3 : r.cadence === 'monthly' ? 1 : 2);

/** Interpolation bridges at most this many keys (two months of days: monthly predictions are ≤ 31 days apart). */
export const MAX_INTERPOLATION_GAP_DAYS = 62;

export class Timeline<R extends TimelineRecord> {
  private readonly records = new Map<number, R>();
  private sortedKeys: number[] | undefined;
  private newestByStatus: Map<RecordStatus | 'any', R | undefined> | undefined;

  constructor(
    private readonly label: (key: number) => string,
    private readonly view: TimelineView<R>,
  ) {}

  get size(): number {
    return this.records.size;
  }

  /** Adds a record that holds this quantity, unless one of at least its rank is there. */
  put(record: R): void {
    if (this.view.value(record) === null) return;
    const key = this.view.key(record);
    const held = this.records.get(key);
    if (held !== undefined && rank(held) >= rank(record)) return;
    this.records.set(key, record);
    this.sortedKeys = undefined;
    this.newestByStatus = undefined;
  }

  has(key: number): boolean {
    return this.records.has(key);
  }

  valueAt(key: number): number | undefined {
    const r = this.records.get(key);
    return r === undefined ? undefined : (this.view.value(r) as number);
  }

  statusAt(key: number): RecordStatus | undefined {
    return this.records.get(key)?.status;
  }

  keys(): readonly number[] {
    this.sortedKeys ??= [...this.records.keys()].sort((a, b) => a - b);
    return this.sortedKeys;
  }

  /** The key of the newest record (largest key) with the status, or of any status. */
  newestKey(status: RecordStatus | 'any'): number | undefined {
    const r = this.newest(status);
    return r === undefined ? undefined : this.view.key(r);
  }

  private newest(status: RecordStatus | 'any'): R | undefined {
    this.newestByStatus ??= new Map();
    if (!this.newestByStatus.has(status)) {
      const keys = this.keys();
      let found: R | undefined;
      for (let i = keys.length - 1; i >= 0 && found === undefined; i -= 1) {
        const r = this.records.get(keys[i]!)!;
        if (status === 'any' || r.status === status) found = r;
      }
      this.newestByStatus.set(status, found);
    }
    return this.newestByStatus.get(status);
  }

  /** The nearest records before and after `key` (neither at `key`). */
  private neighbours(key: number): { before?: R; after?: R } {
    const keys = this.keys();
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    // keys[lo] is the first key ≥ key.
    const before = lo > 0 ? this.records.get(keys[lo - 1]!) : undefined;
    const atOrAfter = lo < keys.length ? keys[lo]! : undefined;
    const afterKey = atOrAfter === key ? keys[lo + 1] : atOrAfter;
    const after = afterKey === undefined ? undefined : this.records.get(afterKey);
    return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
  }

  private result(r: R, status: SpaceWeatherStatus, date: string, method?: string): IndexValue {
    const own = this.view.method?.(r);
    const text = [own, method].filter((m) => m !== undefined && m !== '').join('; ');
    return { value: this.view.value(r) as number, status, date, source: r.source, ...(text ? { method: text } : {}) };
  }

  /** The record at `key` as a look-up result. */
  read(key: number): IndexValue | undefined {
    const r = this.records.get(key);
    return r === undefined ? undefined : this.result(r, r.status, this.label(key));
  }

  /**
   * Linear interpolation in the key between the neighbours of `key`, when both exist and are at
   * most `maxGap` keys apart (SW-All's monthly predictions, and the step from the last daily
   * prediction to the first monthly one).
   */
  interpolate(key: number, maxGap: number): IndexValue | undefined {
    const { before, after } = this.neighbours(key);
    if (before === undefined || after === undefined) return undefined;
    const [k0, k1] = [this.view.key(before), this.view.key(after)];
    if (k1 - k0 > maxGap) return undefined;
    const [v0, v1] = [this.view.value(before) as number, this.view.value(after) as number];
    return {
      value: v0 + ((key - k0) / (k1 - k0)) * (v1 - v0),
      status: weakestStatus([before.status, after.status]),
      date: this.label(key),
      source: `${before.source}; ${after.source}`,
      method: `linear interpolation between ${this.label(k0)} (${v0}) and ${this.label(k1)} (${v1})`,
    };
  }

  /**
   * DECISIONS.md §8's offline default for a key without a value: the newest imported observed
   * value, else the newest imported value of any status; undefined when the timeline is empty.
   */
  fallback(key: number, what: string): IndexValue | undefined {
    const r = this.newest('observed') ?? this.newest('any');
    if (r === undefined) return undefined;
    return this.result(
      r,
      'default',
      this.label(this.view.key(r)),
      `no ${what} for ${this.label(key)}: the newest imported ${r.status} value (DECISIONS.md §8 offline default)`,
    );
  }
}
