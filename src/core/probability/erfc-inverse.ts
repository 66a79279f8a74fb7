/**
 * The inverse complementary error function, erfcinv(y) for 0 < y < 2 (MATLAB's erfcinv), to full
 * precision far into the tail (CARA's conjunction bounds use erfcinv(1e-16)). Newton's method on
 * ln erfc(x) − ln y, whose derivative −2/(√π erfcx(x)) stays well scaled for large x; erf.ts gives
 * erfc, erfcx and ln erfc to double precision (Cody 1969).
 */
import { erfcx, logErfc } from './erf.ts';

const SQRT_PI = Math.sqrt(Math.PI);

export function erfcinv(y: number): number {
  if (!(y >= 0 && y <= 2)) return Number.NaN;
  if (y === 0) return Number.POSITIVE_INFINITY;
  if (y === 2) return Number.NEGATIVE_INFINITY;
  if (y === 1) return 0;
  if (y > 1) return -erfcinv(2 - y);
  const target = Math.log(y);
  // Start from the asymptote erfc(x) ≈ e^(−x²)/(x√π), good for small y; near y = 1 from 0.
  let x = y < 0.5 ? Math.sqrt(Math.max(0.1, -target - Math.log(SQRT_PI) - 0.5 * Math.log(Math.max(1, -target)))) : 0.5 * (1 - y) * SQRT_PI;
  for (let i = 0; i < 100; i += 1) {
    const f = logErfc(x) - target;
    const step = (f * SQRT_PI * erfcx(x)) / 2; // f / f' with f' = −2/(√π erfcx)
    x += step;
    if (Math.abs(step) <= 1e-15 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}
