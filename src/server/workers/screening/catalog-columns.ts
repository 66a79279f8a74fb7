/**
 * A catalogue version in columns, for the trip to the screening workers: the numbers of every
 * element set in one Float64Array over a SharedArrayBuffer (built once, shared by every worker
 * with no copy), the other fields (names, designators, classification) as arrays. A structured
 * clone of 26,140 ElementSet objects cost ~60 ms to serialise per worker in the main thread and
 * ~65 ms to deserialise in each worker; this costs a few ms.
 *
 * Generic over the fields: a key whose value is a number in every set becomes a numeric column,
 * any other key an array (undefined where a set lacks it), so a field added to ElementSet travels
 * without a change here. Numbers are Float64 as they were (−0 and NaN included); key order is the
 * order of first appearance. A set without a key and a set whose key holds undefined unpack alike
 * (without the key).
 */
import type { ElementSet } from '../../../core/elements/index.ts';

export interface CatalogColumns {
  readonly count: number;
  /** Keys in the order they unpack. */
  readonly keys: readonly string[];
  /** Per key: its column in `numbers` (≥ 0) or, as −1 − j, its array in `others`. */
  readonly slots: readonly number[];
  /** count × (numeric keys), row-major, over a SharedArrayBuffer. */
  readonly numbers: Float64Array;
  readonly others: readonly (readonly unknown[])[];
}

export function packCatalog(sets: readonly ElementSet[]): CatalogColumns {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const set of sets) {
    for (const key of Object.keys(set)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  const rows = sets as unknown as readonly Record<string, unknown>[];
  const numeric = keys.map((key) => rows.every((row) => typeof row[key] === 'number'));
  let width = 0;
  let arrays = 0;
  const slots = numeric.map((isNumber) => (isNumber ? width++ : -1 - arrays++));
  const numbers = new Float64Array(new SharedArrayBuffer(Math.max(1, sets.length * width) * Float64Array.BYTES_PER_ELEMENT), 0, sets.length * width);
  const others: unknown[][] = Array.from({ length: arrays }, () => new Array<unknown>(sets.length));
  rows.forEach((row, i) => {
    keys.forEach((key, k) => {
      const slot = slots[k]!;
      if (slot >= 0) numbers[i * width + slot] = row[key] as number;
      else others[-1 - slot]![i] = row[key];
    });
  });
  return { count: sets.length, keys, slots, numbers, others };
}

export function unpackCatalog(columns: CatalogColumns): ElementSet[] {
  const reader = new CatalogColumnsReader(columns);
  return Array.from({ length: columns.count }, (_, i) => reader.setAt(i));
}

/**
 * A catalogue in columns read one set at a time, with Map's `get`, `keys` and `size` by NORAD id
 * (the last row of an id wins, as a Map built from the sets would). A screening worker keeps this
 * instead of unpacking every set: it needs a set only to initialise that object's SGP4 model or
 * for the risk step, and a set built then dies young, whereas 26,140 retained sets (each with a
 * dozen boxed doubles) were copied twice through the young generation by the garbage collector
 * and cost their unpacking before the first shard could start.
 */
export class CatalogColumnsReader {
  private readonly rows = new Map<number, number>();
  private readonly width: number;

  constructor(private readonly columns: CatalogColumns) {
    this.width = columns.slots.filter((slot) => slot >= 0).length;
    const k = columns.keys.indexOf('norad');
    const slot = k >= 0 ? columns.slots[k]! : -1;
    for (let i = 0; i < columns.count; i += 1) {
      const norad = slot >= 0 ? columns.numbers[i * this.width + slot]! : (columns.others[-1 - slot]?.[i] as number);
      this.rows.set(norad, i);
    }
  }

  get size(): number {
    return this.rows.size;
  }

  keys(): IterableIterator<number> {
    return this.rows.keys();
  }

  get(norad: number): ElementSet | undefined {
    const row = this.rows.get(norad);
    return row === undefined ? undefined : this.setAt(row);
  }

  /** The row of an id, or undefined. */
  rowOf(norad: number): number | undefined {
    return this.rows.get(norad);
  }

  /** The slot of a numeric column (every set holds a number there), for numberAt; −1 otherwise. */
  numericSlot(key: string): number {
    const k = this.columns.keys.indexOf(key);
    const slot = k >= 0 ? this.columns.slots[k]! : -1;
    // A negative slot names an array of `others`, not a numeric column.
    return slot >= 0 ? slot : -1;
  }

  /** Row i's number in a numeric column (numericSlot), without building the set. */
  numberAt(i: number, slot: number): number {
    return this.columns.numbers[i * this.width + slot]!;
  }

  /** The set of row i (0 … count − 1), a new object each call. */
  setAt(i: number): ElementSet {
    const { keys, slots, numbers, others } = this.columns;
    const row: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k += 1) {
      const slot = slots[k]!;
      const value = slot >= 0 ? numbers[i * this.width + slot] : others[-1 - slot]![i];
      if (value !== undefined) row[keys[k]!] = value;
    }
    return row as unknown as ElementSet;
  }
}
