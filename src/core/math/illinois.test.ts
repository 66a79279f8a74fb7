/**
 * illinoisRoot against roots known from outside: the fixed point of cos (the Dottie number,
 * 0.7390851332151607, OEIS A003957: 0.73908513321516064165…), Wallis's cubic x³ − 2x − 5 = 0
 * (Newton's and Wallis's example; root 2.09455148154232659148…, OEIS A007493), and √2.
 */
import { describe, expect, it } from 'vitest';
import { illinoisRoot } from './illinois.ts';

/** f with a count of its calls. */
function counted(f: (x: number) => number): { f: (x: number) => number; calls: () => number } {
  let n = 0;
  return {
    f: (x) => {
      n += 1;
      return f(x);
    },
    calls: () => n,
  };
}

describe('illinoisRoot (Dowell & Jarratt 1971)', () => {
  it('finds the fixed point of cos, cos x = x', () => {
    const f = (x: number) => Math.cos(x) - x;
    const x = illinoisRoot(f, 0, 1, f(0), f(1), 1e-15)!;
    expect(Math.abs(x - 0.7390851332151607)).toBeLessThanOrEqual(2e-16);
  });

  it("finds the root of Wallis's cubic x³ − 2x − 5 superlinearly", () => {
    const c = counted((x) => x ** 3 - 2 * x - 5);
    const x = illinoisRoot(c.f, 2, 3, -1, 16, 1e-12)!;
    expect(Math.abs(x - 2.0945514815423265)).toBeLessThan(1e-12);
    // Order 3^(1/3) ≈ 1.44: a dozen or so evaluations, where bisection needs 40 for 1e-12.
    expect(c.calls()).toBeLessThan(20);
  });

  it('does not stall on a convex function as plain regula falsi does', () => {
    // x¹⁰ − 1 on [0, 1.3] is convex: plain regula falsi keeps the end 1.3 and takes about 100 steps to 1e-11; Illinois 15.
    const c = counted((x) => x ** 10 - 1);
    const x = illinoisRoot(c.f, 0, 1.3, -1, 1.3 ** 10 - 1, 1e-12)!;
    expect(Math.abs(x - 1)).toBeLessThan(1e-12);
    expect(c.calls()).toBeLessThan(40);
  });

  it('takes a decreasing function as well (f(a) > 0 > f(b))', () => {
    const f = (x: number) => 2 - x * x;
    const x = illinoisRoot(f, 1, 2, f(1), f(2), 1e-14)!;
    expect(Math.abs(x - Math.SQRT2)).toBeLessThan(1e-14);
  });

  it('returns an end where f is 0 there, without calling f', () => {
    const never = () => {
      throw new Error('f called');
    };
    expect(illinoisRoot(never, 0, 2, 0, 3, 1e-9)).toBe(0);
    expect(illinoisRoot(never, -1, 3, -4, 0, 1e-9)).toBe(3);
  });

  it('returns an iterate where f is exactly 0', () => {
    // The first secant of a line is its root.
    const c = counted((x) => x - 1);
    expect(illinoisRoot(c.f, 0, 4, -1, 3, 1e-12)).toBe(1);
    expect(c.calls()).toBe(1);
  });

  it('returns b when the bracket is already within the tolerance', () => {
    const c = counted((x) => x - 1);
    expect(illinoisRoot(c.f, 0.9999, 1.0001, -1e-4, 1e-4, 1e-3)).toBe(1.0001);
    expect(c.calls()).toBe(0);
  });

  it('refuses a bracket without a sign change', () => {
    const f = (x: number) => x * x + 1;
    expect(() => illinoisRoot(f, -1, 1, 2, 2, 1e-9)).toThrow(RangeError);
    expect(() => illinoisRoot((x) => -f(x), -1, 1, -2, -2, 1e-9)).toThrow(/same sign/);
  });

  it('refuses a reversed or empty bracket, NaN values at its ends and a negative tolerance', () => {
    const f = (x: number) => x;
    expect(() => illinoisRoot(f, 1, -1, 1, -1, 1e-9)).toThrow(RangeError);
    expect(() => illinoisRoot(f, 1, 1, 1, 1, 1e-9)).toThrow(RangeError);
    expect(() => illinoisRoot(f, -1, 1, Number.NaN, 1, 1e-9)).toThrow(RangeError);
    expect(() => illinoisRoot(f, -1, 1, -1, 1, -1)).toThrow(RangeError);
  });

  it('stops with undefined where f has no value (NaN)', () => {
    const seen: number[] = [];
    const f = (x: number) => {
      seen.push(x);
      return x > 0.5 ? Number.NaN : x - 0.7;
    };
    expect(illinoisRoot(f, 0, 1, -0.7, 0.3, 1e-12)).toBeUndefined();
    expect(seen).toHaveLength(1);
  });

  it('gives the last iterate after maxIter evaluations, inside the bracket', () => {
    const c = counted((x) => Math.cos(x) - x);
    const x = illinoisRoot(c.f, 0, 1, 1, Math.cos(1) - 1, 0, 3)!;
    expect(c.calls()).toBe(3);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(1);
    expect(Math.abs(x - 0.7390851332151607)).toBeLessThan(1e-2);
  });
});
