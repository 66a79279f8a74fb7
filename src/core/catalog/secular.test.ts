import { describe, expect, it } from 'vitest';
import { meanMotionRevPerDay, secularRates } from './secular.ts';

const DEG_PER_DAY = (radPerS: number) => (radPerS * 86400 * 180) / Math.PI;

describe('secularRates', () => {
  it('gives the sun-synchronous node rate of +0.9856°/day at 800 km and 98.6°', () => {
    // A sun-synchronous orbit precesses 360°/365.2422 d = 0.9856°/day (Vallado §11.4);
    // 800 km circular needs about 98.6° inclination (Vallado Table 11-1 / Wertz SMAD Fig. 6-x).
    const rates = secularRates(6378.135 + 800, 0, (98.6 * Math.PI) / 180);
    expect(DEG_PER_DAY(rates.raanDot)).toBeCloseTo(0.9856, 1);
  });

  it('gives the ISS node regression of about -5.0°/day at 420 km and 51.64°', () => {
    const rates = secularRates(6378.135 + 420, 0.0005, (51.64 * Math.PI) / 180);
    expect(DEG_PER_DAY(rates.raanDot)).toBeGreaterThan(-5.1);
    expect(DEG_PER_DAY(rates.raanDot)).toBeLessThan(-4.9);
  });

  it('freezes the perigee at the critical inclination 63.43°', () => {
    const rates = secularRates(26560, 0.7, Math.acos(1 / Math.sqrt(5)));
    expect(Math.abs(rates.argPerigeeDot)).toBeLessThan(1e-15);
  });
});

describe('meanMotionRevPerDay', () => {
  it('gives about 1.0027 rev/day at the geostationary radius 42,164 km', () => {
    expect(meanMotionRevPerDay(42164.17)).toBeCloseTo(1.00273, 4);
  });
});
