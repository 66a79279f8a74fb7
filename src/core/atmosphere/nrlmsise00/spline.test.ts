/**
 * SPLINE / SPLINT / SPLINI on a function with a known answer: a cubic spline with the exact end
 * derivatives (clamped) reproduces any cubic polynomial exactly (Press et al., Numerical Recipes,
 * §3.3), so its values and its integral must equal the polynomial's.
 */
import { describe, expect, it } from 'vitest';
import { spline, splini, splint } from './spline.ts';

const f = (x: number) => x ** 3 - 2 * x ** 2 + 0.5 * x + 1;
const df = (x: number) => 3 * x ** 2 - 4 * x + 0.5;
const integral = (x: number) => x ** 4 / 4 - (2 * x ** 3) / 3 + x ** 2 / 4 + x;

const xs = [0, 0.2, 0.45, 0.7, 1];
const ys = xs.map(f);

describe('cubic spline', () => {
  const y2 = spline(xs, ys, df(0), df(1));

  it('clamped: second derivatives equal those of the cubic (6x − 4)', () => {
    xs.forEach((x, i) => expect(y2[i]).toBeCloseTo(6 * x - 4, 12));
  });

  it('SPLINT reproduces the cubic between and at the nodes', () => {
    for (const x of [0, 0.05, 0.2, 0.33, 0.5, 0.69, 0.91, 1]) expect(splint(xs, ys, y2, x)).toBeCloseTo(f(x), 13);
  });

  it('SPLINI integrates it from the first node', () => {
    for (const x of [0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1]) expect(splini(xs, ys, y2, x)).toBeCloseTo(integral(x), 13);
  });

  it('a derivative above 0.99e30 asks for a natural end (zero second derivative)', () => {
    const natural = spline(xs, ys, 1e31, 1e31);
    expect(natural[0]).toBe(0);
    expect(natural[4]).toBe(0);
    // A straight line is reproduced by the natural spline.
    const line = xs.map((x) => 2 - 3 * x);
    const y2Line = spline(xs, line, 1e31, 1e31);
    expect(splint(xs, line, y2Line, 0.37)).toBeCloseTo(2 - 3 * 0.37, 14);
    expect(splini(xs, line, y2Line, 0.37)).toBeCloseTo(2 * 0.37 - 1.5 * 0.37 ** 2, 14);
  });
});
