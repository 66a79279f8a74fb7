import { describe, expect, it } from 'vitest';
import { formatImpliedDecimal, parseDecimal, parseFloatStrict, parseImpliedDecimal, parseIntegerStrict } from './numbers.ts';

describe('strict field numbers', () => {
  it('reads decimals as TLEs write them and refuses junk', () => {
    expect(parseDecimal(' .00000023')).toBe(0.00000023);
    expect(parseDecimal('-.00000084')).toBe(-0.00000084);
    expect(parseDecimal(' 34.2682')).toBe(34.2682);
    expect(Object.is(parseDecimal('-.00000000'), 0)).toBe(true);
    expect(Object.is(parseImpliedDecimal('-00000-0'), 0)).toBe(true);
    for (const bad of ['', '   ', '1.2.3', '1e5', '3x', '-', '.']) expect(parseDecimal(bad), bad).toBeUndefined();
    expect(parseFloatStrict('.40393571E-3')).toBe(0.40393571e-3);
    expect(parseFloatStrict('1e')).toBeUndefined();
    expect(parseIntegerStrict(' 999')).toBe(999);
    expect(parseIntegerStrict('9.5')).toBeUndefined();
  });

  it('reads implied-decimal exponent fields', () => {
    expect(parseImpliedDecimal(' 28098-4')).toBe(0.28098e-4);
    expect(parseImpliedDecimal('-11606-4')).toBe(-0.11606e-4);
    expect(parseImpliedDecimal('+00000+0')).toBe(0);
    expect(parseImpliedDecimal(' 00000-0')).toBe(0);
    expect(parseImpliedDecimal('-30915-6')).toBe(-0.30915e-6);
    expect(parseImpliedDecimal(' 14311-1')).toBe(0.014311);
    expect(parseImpliedDecimal('        ')).toBe(0);
    for (const bad of [' 2809a-4', ' 28098*4', ' 28098-x', '28098-4 x']) expect(parseImpliedDecimal(bad), bad).toBeUndefined();
  });

  it('writes implied-decimal exponent fields that read back', () => {
    expect(formatImpliedDecimal(0.28098e-4)).toBe(' 28098-4');
    expect(formatImpliedDecimal(-0.11606e-4)).toBe('-11606-4');
    expect(formatImpliedDecimal(0)).toBe(' 00000-0');
    expect(formatImpliedDecimal(0.5)).toBe(' 50000+0');
    expect(formatImpliedDecimal(0.0000999999)).toBe(' 10000-3'); // mantissa rounding carries into the exponent
    expect(formatImpliedDecimal(1.2e-12)).toBe(' 00120-9');
    expect(formatImpliedDecimal(1e-16)).toBe(' 00000-0');
    expect(formatImpliedDecimal(1.702)).toBe(' 17020+1'); // B* of DRAGON ENDEAVOUR 4 in the 2023-10-09 catalogue
    expect(() => formatImpliedDecimal(1e9)).toThrow(RangeError);
    for (const v of [0.37082e-3, -0.30915e-6, 0.99999, 0.1e-8, 0.10000e-3]) expect(parseImpliedDecimal(formatImpliedDecimal(v))).toBe(v);
  });
});
