/**
 * Numbers from text fields, strictly: `Number('')` is 0 and `Number(' 1e3 ')` is 1000, so a
 * blank or damaged field would pass as a value. Here a field is a decimal number or nothing.
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** `undefined` for a blank field, NaN for text that is not a decimal number, else the number. */
export function fieldNumber(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return DECIMAL.test(t) ? Number(t) : Number.NaN;
}

/** A JSON value as a number: a finite number, or a string holding one (SWPC writes both). */
export function jsonNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const n = fieldNumber(value);
    return n === undefined || Number.isNaN(n) ? undefined : n;
  }
  return undefined;
}
