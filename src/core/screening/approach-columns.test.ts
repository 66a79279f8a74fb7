import { describe, expect, it } from 'vitest';
import { temePosition, temeVelocity } from '../units.ts';
import { packApproaches, packedCount, unpackApproaches } from './approach-columns.ts';
import type { CloseApproach } from './close-approach.ts';

// Values of an ISS × debris approach as the screener reports them (full doubles, signs, a sub-ms TCA).
const approach: CloseApproach = {
  primary: 25544,
  secondary: 49863,
  tca: 1696838406123.457,
  missDistanceKm: Math.PI,
  relativeSpeedKmS: 14.87123456789012,
  missRtnKm: { radial: -0.1234567890123457, inTrack: 2.987654321098765, crossTrack: -1.0000000000000002 },
  primaryState: { r: temePosition(-4414.123456789012, 5123.987654321098, 1234.5678901234567), v: temeVelocity(-3.456789012345679, -4.567890123456789, 5.67890123456789) },
  secondaryState: { r: temePosition(-4415.0, 5125.5, 1233.25), v: temeVelocity(7.0, -0.5, -2.25) },
};
const second: CloseApproach = { ...approach, primary: 43013, secondary: 43014, tca: approach.tca + 60_000.25, missDistanceKm: 0.000123 };

describe('packed close approaches', () => {
  it('read back exactly what was packed, in order', () => {
    const packed = packApproaches([approach, second]);
    expect(packedCount(packed)).toBe(2);
    expect(unpackApproaches(packed)).toEqual([approach, second]);
    expect(unpackApproaches(packed, 1, 2)).toEqual([second]);
  });

  it('pack nothing into an empty array', () => {
    expect(packedCount(packApproaches([]))).toBe(0);
    expect(unpackApproaches(packApproaches([]))).toEqual([]);
  });
});
