/**
 * Strict number reading for element-set fields. `Number('')` is 0 and `parseFloat('1x')`
 * is 1, so neither may judge whether a field is well formed; these helpers do. A negative
 * zero (the 2023 catalogue writes n˙/2 = "-.00000000") is read as 0 (`+ 0` turns −0 into +0).
 */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

const SPACE = 0x20;
const PLUS = 0x2b;
const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** 10^0 … 10^22: the powers of ten a double holds exactly (5^22 < 2^53). */
const EXACT_POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/**
 * Every number field of every record of a catalogue is read, so the fields as TLEs write them are read here
 * by hand, in place in their line, instead of being cut out and given to a regular expression and `Number`
 * (which took much of a catalogue's parse time): ASCII spaces, an optional sign, digits with (when
 * `allowPoint`) at most one '.', ASCII spaces, in text[start, end). For any other text this returns undefined
 * and the caller falls back to trim + regular expression + `Number`, which stay the definition of what is
 * accepted: this only answers sooner, with the same value, in the usual case.
 *
 * The same value: with at most 15 digits the digits read as an integer are exact in a double (below 2^53),
 * as is 10^k, so the one division rounds the exact decimal value once, correctly, as `Number` does (this is
 * the fast path of a correct decimal-to-double conversion; Clinger 1990). Longer digit strings fall back.
 */
function plainNumber(text: string, start: number, end: number, allowPoint: boolean): number | undefined {
  let i = start;
  while (i < end && text.charCodeAt(i) === SPACE) i += 1;
  const sign = i < end ? text.charCodeAt(i) : -1;
  if (sign === PLUS || sign === MINUS) i += 1;
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let point = false;
  for (; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= ZERO && code <= NINE) {
      mantissa = mantissa * 10 + (code - ZERO);
      digits += 1;
      if (point) decimals += 1;
    } else if (code === POINT && allowPoint && !point) {
      point = true;
    } else {
      break;
    }
  }
  while (i < end && text.charCodeAt(i) === SPACE) i += 1;
  if (i < end || digits === 0 || digits > 15) return undefined;
  const magnitude = mantissa / EXACT_POWERS_OF_TEN[decimals]!;
  // `+ 0` turns −0 into +0, as below.
  return (sign === MINUS ? -magnitude : magnitude) + 0;
}

/** A plain decimal such as "34.2682", ".00000023" or "-.00000084" (no exponent), else undefined. */
export function parseDecimal(text: string): number | undefined {
  return parseDecimalIn(text, 0, text.length);
}

/** `parseDecimal(text.slice(start, end))`, without cutting the field out of its line in the usual case. */
export function parseDecimalIn(text: string, start: number, end: number): number | undefined {
  const plain = plainNumber(text, start, Math.min(end, text.length), true);
  if (plain !== undefined) return plain;
  const t = text.slice(start, end).trim();
  return DECIMAL.test(t) ? Number(t) + 0 : undefined;
}

/** A decimal with optional exponent, as OMM KVN/XML/CSV write them (".40393571E-3"), else undefined. */
export function parseFloatStrict(text: string): number | undefined {
  const t = text.trim();
  return FLOAT.test(t) ? Number(t) + 0 : undefined;
}

/** An integer, else undefined. */
export function parseIntegerStrict(text: string): number | undefined {
  return parseIntegerIn(text, 0, text.length);
}

/** `parseIntegerStrict(text.slice(start, end))`, without cutting the field out of its line in the usual case. */
export function parseIntegerIn(text: string, start: number, end: number): number | undefined {
  const plain = plainNumber(text, start, Math.min(end, text.length), false);
  if (plain !== undefined) return plain;
  const t = text.slice(start, end).trim();
  return INTEGER.test(t) ? Number(t) + 0 : undefined;
}

/** The value of a digit or blank of an implied-decimal field (a blank reads as 0), else -1. */
function digitOrBlank(code: number): number {
  if (code === SPACE) return 0;
  return code >= ZERO && code <= NINE ? code - ZERO : -1;
}

/**
 * A TLE "implied decimal point with exponent" field of 8 columns, "±NNNNN±E", meaning
 * ±0.NNNNN × 10^±E (B* in columns 54–61 and n̈/6 in 45–52 of line 1), e.g. " 28098-4" =
 * 0.28098e-4 and "-11606-4" = −0.11606e-4. A blank or '+' sign is positive. Like Vallado's
 * twoline2rv, blank mantissa digits read as 0 (so an all-blank field is 0); a blank exponent
 * digit reads as 0. A field shorter than 8 columns reads as if padded with blanks.
 *
 * The value is the correctly rounded ±0.NNNNN × 10^E (as satellite.js gets it by parsing the text
 * "±.NNNNNe±E"), computed as NNNNN × 10^(E−5): an exact product when E ≥ 5, else one division of an
 * exact integer by an exact power of ten (10^1 … 10^14), which rounds once, correctly. (Multiplying by
 * 0.00001 and then by 10^E would round twice and can differ in the last bit.)
 */
export function parseImpliedDecimal(field: string): number | undefined {
  if (field.length > 8) return undefined;
  return impliedDecimalAt(field.padEnd(8, ' '), 0);
}

/** `parseImpliedDecimal(text.slice(start, end))`, without cutting the field out of its line in the usual case. */
export function parseImpliedDecimalIn(text: string, start: number, end: number): number | undefined {
  if (end - start !== 8 || end > text.length) return parseImpliedDecimal(text.slice(start, end));
  return impliedDecimalAt(text, start);
}

/** The 8 columns text[start, start + 8) as an implied-decimal field (see parseImpliedDecimal), else undefined. */
function impliedDecimalAt(text: string, start: number): number | undefined {
  const sign = text.charCodeAt(start);
  if (sign !== SPACE && sign !== PLUS && sign !== MINUS) return undefined;
  let mantissa = 0;
  for (let i = start + 1; i <= start + 5; i += 1) {
    const digit = digitOrBlank(text.charCodeAt(i));
    if (digit < 0) return undefined;
    mantissa = mantissa * 10 + digit;
  }
  const exponentSign = text.charCodeAt(start + 6);
  if (exponentSign !== SPACE && exponentSign !== PLUS && exponentSign !== MINUS) return undefined;
  const exponentDigit = digitOrBlank(text.charCodeAt(start + 7));
  if (exponentDigit < 0) return undefined;
  const shift = (exponentSign === MINUS ? -exponentDigit : exponentDigit) - 5; // −14 … 4
  const magnitude = shift >= 0 ? mantissa * EXACT_POWERS_OF_TEN[shift]! : mantissa / EXACT_POWERS_OF_TEN[-shift]!;
  // `+ 0` turns −0 ("-00000-0") into +0.
  return (sign === MINUS ? -magnitude : magnitude) + 0;
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
