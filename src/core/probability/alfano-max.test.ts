import { describe, expect, it } from 'vitest';
import { alfanoMaxPc, alfanoMaxPcScaled, DEFAULT_ASPECT_RATIO } from './alfano-max.ts';
import { gaussianDiskProbability } from './disk-probability.ts';
const rel = (a: number, b: number) => Math.abs(a / b - 1);

// shared/reference/pc/README.md, "Maximum Pc without covariance", worked examples:
// [d, R, AR, Pc_max, σ_minor*, σ_major*] (σ to 0.01 m, Pc to 7 digits; AR = ∞ gives the line's s*).
const TABLE: readonly (readonly [number, number, number, number, number, number])[] = [
  [1000, 10, 1, 3.678794e-5, 707.09, 707.09],
  [1000, 10, 3, 1.103418e-4, 235.72, 707.16],
  [1000, 10, Number.POSITIVE_INFINITY, 4.839414e-3, 0, 999.98],
  [584, 5, 1, 2.696621e-5, 412.94, 412.94],
  [584, 5, 3, 8.088676e-5, 137.66, 412.97],
  [584, 5, Number.POSITIVE_INFINITY, 4.143334e-3, 0, 583.99],
  [100, 20, 1, 1.471619e-2, 69.99, 69.99],
  [100, 20, 3, 4.097033e-2, 24.2, 72.61],
  [100, 20, Number.POSITIVE_INFINITY, 9.679005e-2, 0, 99.32],
];

describe('alfanoMaxPc (Alfano 2005, as SOCRATES reports it)', () => {
  it('reproduces the README table of worked examples to the printed digits', () => {
    for (const [d, R, ar, pc, sMinor, sMajor] of TABLE) {
      const r = alfanoMaxPc(d, R, ar);
      const label = `d=${d} R=${R} AR=${ar}`;
      expect(Math.abs(r.pc / pc - 1), label).toBeLessThan(5e-7); // 7 significant digits
      expect(Math.abs(r.sigmaMinorM - sMinor), label).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(Math.abs(r.sigmaMajorM - sMajor), label).toBeLessThanOrEqual(0.005 + 1e-9);
    }
  });

  it('approaches the small-HBR closed forms AR·R²/(e·d²) and, for AR = ∞, (R/d)·√(2/(πe))', () => {
    // README items 2 and 3; R/d = 1e-4 makes the neglected terms ~(R/σ)² ≈ 1e-8.
    const d = 10_000;
    const R = 1;
    for (const ar of [1, 3, 10]) expect(alfanoMaxPc(d, R, ar).pc / ((ar * R * R) / (Math.E * d * d)) - 1).toBeLessThan(1e-6);
    expect(alfanoMaxPc(d, R, Number.POSITIVE_INFINITY).pc / ((R / d) * Math.sqrt(2 / (Math.PI * Math.E))) - 1).toBeLessThan(1e-6);
  });

  it('grows with the aspect ratio towards the AR = ∞ limit', () => {
    const values = [1, 3, 10, 100, 1000].map((ar) => alfanoMaxPc(1000, 10, ar).pc);
    for (let i = 1; i < values.length; i += 1) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
    expect(values.at(-1)!).toBeLessThan(alfanoMaxPc(1000, 10, Number.POSITIVE_INFINITY).pc);
  });

  it('is 1 when the combined radius reaches the miss distance and 0 for HBR 0 (SOCRATES)', () => {
    expect(alfanoMaxPc(10, 10).pc).toBe(1);
    expect(alfanoMaxPc(0, 5).pc).toBe(1);
    expect(alfanoMaxPc(100, 0).pc).toBe(0);
  });

  it('defaults to SOCRATES’s aspect ratio 3 (RTN sigmas 100/300/100 m)', () => {
    expect(DEFAULT_ASPECT_RATIO).toBe(3);
    expect(alfanoMaxPc(1000, 10).pc).toBe(alfanoMaxPc(1000, 10, 3).pc);
  });

  it('refuses malformed input', () => {
    expect(() => alfanoMaxPc(-1, 10)).toThrow(RangeError);
    expect(() => alfanoMaxPc(100, Number.NaN)).toThrow(RangeError);
    expect(() => alfanoMaxPc(100, 10, 0.5)).toThrow(RangeError);
  });
});

describe('Alfano’s maximum over the size of the actual covariance (alfanoMaxPcScaled)', () => {
  // shared/reference/pc/README.md, "Maximum Pc without covariance", worked examples (numerical maximisation, cross-checked there).
  it('reproduces the worked examples: an isotropic covariance (AR 1) and one with AR 3 along the miss', () => {
    expect(rel(alfanoMaxPcScaled({ meanMajorM: 1000, meanMinorM: 0, sigmaMajorM: 50, sigmaMinorM: 50, hbrM: 10 }).pc, 3.678794e-5)).toBeLessThan(2e-6);
    expect(rel(alfanoMaxPcScaled({ meanMajorM: 584, meanMinorM: 0, sigmaMajorM: 7, sigmaMinorM: 7, hbrM: 5 }).pc, 2.696621e-5)).toBeLessThan(2e-6);
    expect(rel(alfanoMaxPcScaled({ meanMajorM: 1000, meanMinorM: 0, sigmaMajorM: 300, sigmaMinorM: 100, hbrM: 10 }).pc, 1.103418e-4)).toBeLessThan(2e-6);
    expect(rel(alfanoMaxPcScaled({ meanMajorM: 100, meanMinorM: 0, sigmaMajorM: 3, sigmaMinorM: 1, hbrM: 20 }).pc, 4.097033e-2)).toBeLessThan(2e-6);
  });

  it('matches the small-HBR closed form R²/(e σ_major σ_minor m²) for a miss off the principal axes', () => {
    const p = { meanMajorM: 300, meanMinorM: -200, sigmaMajorM: 120, sigmaMinorM: 40, hbrM: 0.5 };
    const m2 = (300 / 120) ** 2 + (200 / 40) ** 2;
    const closed = (0.5 * 0.5) / (Math.E * 120 * 40 * m2);
    const r = alfanoMaxPcScaled(p);
    expect(rel(r.pc, closed)).toBeLessThan(1e-4);
    // Attained at k² = m²/2.
    expect(rel(r.scale, Math.sqrt(m2 / 2))).toBeLessThan(1e-3);
  });

  it('is never below the Pc of the actual covariance, and is 1 when the disk holds the miss', () => {
    for (const [a, b, s1, s2, R] of [
      [10, 5, 1000, 20, 15],
      [200, 0, 50, 40, 10],
      [3, 2, 0.5, 0.1, 1],
      [5000, 100, 80, 10, 20],
    ] as const) {
      const actual = gaussianDiskProbability({ meanMajor: a, meanMinor: b, sigmaMajor: s1, sigmaMinor: s2, radius: R });
      expect(alfanoMaxPcScaled({ meanMajorM: a, meanMinorM: b, sigmaMajorM: s1, sigmaMinorM: s2, hbrM: R }).pc).toBeGreaterThanOrEqual(actual);
    }
    expect(alfanoMaxPcScaled({ meanMajorM: 3, meanMinorM: 4, sigmaMajorM: 50, sigmaMinorM: 10, hbrM: 5 }).pc).toBe(1);
  });
});
