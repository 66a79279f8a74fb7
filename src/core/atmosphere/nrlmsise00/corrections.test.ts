/**
 * CCOR, CCOR2 and DNET: their closed forms and the limits written into the original code
 * (NRL Fortran release; nrlmsise-00.c).
 */
import { describe, expect, it } from 'vitest';
import { ccor, ccor2, dnet } from './corrections.ts';

describe('chemistry and turbopause corrections', () => {
  it('CCOR is exp(r / (1 + exp((z − zh) / h))): 1 far above zh, exp(r) far below, exp(r/2) at zh', () => {
    expect(ccor(500, 2, 5, 100)).toBe(1);
    expect(ccor(-300, 2, 5, 100)).toBe(Math.exp(2));
    expect(ccor(100, 2, 5, 100)).toBeCloseTo(Math.exp(1), 15);
    expect(ccor(103, 2, 5, 100)).toBeCloseTo(Math.exp(2 / (1 + Math.exp(0.6))), 15);
  });

  it('CCOR2 averages the two scale lengths', () => {
    expect(ccor2(100, 2, 5, 100, 10)).toBeCloseTo(Math.exp(1), 15);
    expect(ccor2(110, 2, 5, 100, 10)).toBeCloseTo(Math.exp(2 / (1 + 0.5 * (Math.exp(2) + Math.exp(1)))), 15);
    expect(ccor2(1000, 2, 5, 100, 10)).toBe(1);
    expect(ccor2(-1000, 2, 5, 100, 10)).toBe(Math.exp(2));
  });

  it('DNET: (dd^a + dm^a)^(1/a) written as dd·(1 + (dm/dd)^a)^(1/a), a = zhm/(xmm − xm)', () => {
    const a = 28 / (28.95 - 16);
    expect(dnet(3, 5, 28, 28.95, 16)).toBeCloseTo((3 ** a + 5 ** a) ** (1 / a), 13);
    // Far from the turbopause one of the two wins outright.
    expect(dnet(1, 1e20, 28, 28.95, 16)).toBe(1e20);
    expect(dnet(1e20, 1, 28, 28.95, 16)).toBe(1e20);
  });

  it('DNET falls back to the non-zero density when one is zero (the original also prints an error)', () => {
    expect(dnet(0, 7, 28, 28.95, 16)).toBe(7);
    expect(dnet(7, 0, 28, 28.95, 16)).toBe(7);
    expect(dnet(0, 0, 28, 28.95, 16)).toBe(1);
  });
});
