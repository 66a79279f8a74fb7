/**
 * Strict number reading for element-set fields. `Number('')` is 0 and `parseFloat('1x')`
 * is 1, so neither may judge whether a field is well formed; these helpers do. A negative
 * zero (the 2023 catalogue writes n˙/2 = "-.00000000") is read as 0 (`+ 0` turns −0 into +0).
 */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

/** A plain decimal such as "34.2682", ".00000023" or "-.00000084" (no exponent), else undefined. */
export function parseDecimal(text: string): number | undefined {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) + 0 : undefined;
}

/** A decimal with optional exponent, as OMM KVN/XML/CSV write them (".40393571E-3"), else undefined. */
export function parseFloatStrict(text: string): number | undefined {
  const t = text.trim();
  return FLOAT.test(t) ? Number(t) + 0 : undefined;
}

/** An integer, else undefined. */
export function parseIntegerStrict(text: string): number | undefined {
  const t = text.trim();
  return INTEGER.test(t) ? Number(t) + 0 : undefined;
}

/**
 * A TLE "implied decimal point with exponent" field of 8 columns, "±NNNNN±E", meaning
 * ±0.NNNNN × 10^±E (B* in columns 54–61 and n̈/6 in 45–52 of line 1), e.g. " 28098-4" =
 * 0.28098e-4 and "-11606-4" = −0.11606e-4. A blank or '+' sign is positive. Like Vallado's
 * twoline2rv, blank mantissa digits read as 0 (so an all-blank field is 0); a blank exponent
 * digit reads as 0.
 *
 * The value is parsed from the decimal text "±.NNNNNe±E" (correctly rounded, as satellite.js
 * does) rather than computed as 0.NNNNN × 10^E, which can differ in the last bit.
 */
export function parseImpliedDecimal(field: string): number | undefined {
  const m = /^([ +-])([\d ]{5})([ +-])([\d ])$/.exec(field.padEnd(8, ' '));
  if (!m) return undefined;
  const [, sign, mantissa, expSign, expDigit] = m as unknown as [string, string, string, string, string];
  const digits = mantissa.replaceAll(' ', '0');
  const exponent = `${expSign === '-' ? '-' : '+'}${expDigit === ' ' ? '0' : expDigit}`;
  return Number(`${sign === '-' ? '-' : ''}.${digits}e${exponent}`) + 0;
}

/**
 * The 8-column "±NNNNN±E" text of a value, the mantissa rounded to 5 digits (exactly, by
 * `toExponential`). Zero is written " 00000-0" as Space-Track does; values below 1e-14 round to
 * zero; positive exponents occur (the 2023 catalogue has a B* of " 17020+1" = 1.702); values of
 * 1e9 or more cannot be written and throw a RangeError.
 */
export function formatImpliedDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} cannot be written as a TLE exponent field`);
  const sign = value < 0 ? '-' : ' ';
  const magnitude = Math.abs(value);
  if (magnitude === 0) return ' 00000-0';
  // toExponential(4) gives d.dddde±x, i.e. 0.ddddd × 10^(x+1) in TLE terms.
  const [mantissa, exp] = magnitude.toExponential(4).split('e') as [string, string];
  let digits = mantissa.replace('.', '');
  let exponent = Number(exp) + 1;
  if (exponent > 9) throw new RangeError(`${value} is too large for a TLE exponent field`);
  if (exponent < -9) {
    // Denormalise to the smallest exponent the field has: 0.000NN × 10^-9.
    const shifted = Math.round(magnitude * 1e14);
    if (shifted === 0) return ' 00000-0';
    digits = String(shifted).padStart(5, '0');
    exponent = -9;
  }
  return `${sign}${digits}${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
}
