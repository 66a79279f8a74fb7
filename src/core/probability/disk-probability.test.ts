import { describe, expect, it } from 'vitest';
import { gaussianDiskProbability } from './disk-probability.ts';

const rel = (a: number, b: number) => Math.abs(a / b - 1);

describe('gaussianDiskProbability', () => {
  it('gives 1 − exp(−R²/2σ²) for an isotropic Gaussian centred on the disk (Chan 2008, circular case)', () => {
    for (const [s, R] of [
      [1, 1],
      [10, 0.01],
      [1, 8],
    ] as const) {
      const p = gaussianDiskProbability({ meanMajor: 0, meanMinor: 0, sigmaMajor: s, sigmaMinor: s, radius: R });
      expect(rel(p, -Math.expm1((-R * R) / (2 * s * s)))).toBeLessThan(1e-13);
    }
  });

  it('matches the Rice (noncentral χ², 2 d.o.f.) distribution for isotropic offsets, into the far tail', () => {
    // P(|X| ≤ R), X ~ N(μ, σ²I) = P(χ'²₂(λ = μ²/σ²) ≤ R²/σ²), summed as the Poisson mixture of
    // central χ² distributions (Johnson, Kotz & Balakrishnan, Continuous Univariate Distributions
    // vol. 2, ch. 29) with mpmath 1.3 at 50 digits.
    const cases = [
      [3, 1, 1, 0.01082944982154785],
      [1000, 707.1, 10, 0.000036787944115000465],
      [10, 1, 0.5, 2.147849080768906e-22],
      [50, 2, 1, 1.01154814654121e-133],
    ] as const;
    for (const [mu, s, R, p] of cases) {
      const a = mu / Math.SQRT2;
      expect(rel(gaussianDiskProbability({ meanMajor: a, meanMinor: a, sigmaMajor: s, sigmaMinor: s, radius: R }), p), `μ=${mu}`).toBeLessThan(1e-12);
    }
  });

  it('matches an independent 2D integration (mpmath, other axis numerical) for elongated Gaussians', () => {
    const cases = [
      [30, 5, 100, 2, 20, 0.14603768035575718],
      [0, 0, 1e4, 1, 50, 0.00398860806728619],
      [200, -3, 300, 10, 5, 0.00310133493336764],
      [5, 100, 50, 20, 30, 0.00005235970485315029],
    ] as const;
    for (const [a, b, s1, s2, R, p] of cases) {
      expect(rel(gaussianDiskProbability({ meanMajor: a, meanMinor: b, sigmaMajor: s1, sigmaMinor: s2, radius: R }), p), `${a},${b},${s1},${s2},${R}`).toBeLessThan(1e-12);
    }
  });

  it('handles the limits: R = 0, R = ∞, point mass, mass on a line', () => {
    const base = { meanMajor: 3, meanMinor: 1, sigmaMajor: 2, sigmaMinor: 1 };
    expect(gaussianDiskProbability({ ...base, radius: 0 })).toBe(0);
    expect(gaussianDiskProbability({ ...base, radius: Number.POSITIVE_INFINITY })).toBe(1);
    expect(gaussianDiskProbability({ meanMajor: 3, meanMinor: 1, sigmaMajor: 0, sigmaMinor: 0, radius: 4 })).toBe(1);
    expect(gaussianDiskProbability({ meanMajor: 3, meanMinor: 1, sigmaMajor: 0, sigmaMinor: 0, radius: 2 })).toBe(0);
    // Line y = 0, N(x; 0, 1) over the chord [−1, 1]: erf(1/√2) = 0.6826894921370859.
    expect(gaussianDiskProbability({ meanMajor: 0, meanMinor: 0, sigmaMajor: 1, sigmaMinor: 0, radius: 1 })).toBeCloseTo(0.6826894921370859, 15);
    expect(() => gaussianDiskProbability({ ...base, radius: -1 })).toThrow(RangeError);
    expect(() => gaussianDiskProbability({ ...base, sigmaMajor: 0.5, radius: 1 })).toThrow(RangeError);
  });

  it('is continuous as the minor sigma shrinks far below the radius (the case CARA’s 64-point rule gets wrong)', () => {
    const p = (s2: number) => gaussianDiskProbability({ meanMajor: 100, meanMinor: 20, sigmaMajor: 500, sigmaMinor: s2, radius: 1000 });
    // As s₂ → 0 the minor-axis Gaussian becomes the line y = 20 (the chord |x| ≤ √(1000² − 20²)),
    // and P(s₂) approaches it quadratically. Down to CARA's clipping floor s₂ = 1e-4·R and below:
    const line = p(0);
    // Φ((c − 100)/500) − Φ((−c − 100)/500) with c = √(1000² − 20²): 0.9501204412759959 (scipy 1.17).
    expect(line).toBeCloseTo(0.9501204412759959, 14);
    const k = Math.abs(p(1) - line); // the s₂² coefficient
    for (const s2 of [0.1, 0.01, 1e-3, 1e-4]) expect(Math.abs(p(s2) - line), `s₂ = ${s2}`).toBeLessThan(1.1 * k * s2 * s2 + 1e-12);
  });
});
