import { describe, expect, it } from 'vitest';
import { altitudeScale, AXIS_MAX_KM, AXIS_MIN_KM, formatTick } from '@/components/dashboard/satellite-tracking/altitude-scale';
import {
  ALTITUDE_ZONES,
  countByOrbitType,
  formatOrbitPeriod,
  meanAltitudeFromPeriod,
  orbitTypeOfAltitude,
  orbitTypeOfPeriod,
} from '@/components/dashboard/satellite-tracking/orbit-zones';

describe('altitude zones (spec §9)', () => {
  it('labels LEO 400–1,000 km, MEO 1,000–35,786 km, GEO 35,786 km', () => {
    expect(ALTITUDE_ZONES.map((zone) => zone.label)).toEqual(['LEO 400–1,000 km', 'MEO 1,000–35,786 km', 'GEO 35,786 km']);
  });

  it('types an orbit by its mean altitude', () => {
    expect(orbitTypeOfAltitude(250)).toBe('LEO');
    expect(orbitTypeOfAltitude(999.9)).toBe('LEO');
    expect(orbitTypeOfAltitude(1000)).toBe('MEO');
    expect(orbitTypeOfAltitude(20_232)).toBe('MEO');
    expect(orbitTypeOfAltitude(34_785)).toBe('MEO');
    expect(orbitTypeOfAltitude(34_786)).toBe('GEO');
    expect(orbitTypeOfAltitude(35_786)).toBe('GEO');
    expect(orbitTypeOfAltitude(36_100)).toBe('GEO'); // graveyard
    expect(countByOrbitType([500, 480, 35_786, 720, 20_000])).toEqual({ LEO: 3, MEO: 1, GEO: 1 });
  });

  it('derives the mean altitude from the period with Kepler’s third law', () => {
    // a = (μ T² / 4π²)^(1/3), μ = 398,600.8 km³/s², minus 6,378.135 km.
    const kepler = (minutes: number) => Math.cbrt((398_600.8 * (minutes * 60) ** 2) / (4 * Math.PI ** 2)) - 6378.135;
    expect(meanAltitudeFromPeriod(94.6)).toBeCloseTo(kepler(94.6), 6);
    expect(meanAltitudeFromPeriod(94.6)).toBeCloseTo(499.2, 1);
    expect(meanAltitudeFromPeriod(1436.1)).toBeCloseTo(35_786.6, 0);
    expect(meanAltitudeFromPeriod(720)).toBeCloseTo(20_232, 0);
    expect(orbitTypeOfPeriod(94.6)).toBe('LEO');
    expect(orbitTypeOfPeriod(720)).toBe('MEO');
    expect(orbitTypeOfPeriod(1436.1)).toBe('GEO');
    // A drifting geosynchronous satellite (AMOS-3's 1,433 min) is still GEO.
    expect(orbitTypeOfPeriod(1433)).toBe('GEO');
  });

  it('shows the period in minutes, in hours for GEO', () => {
    expect(formatOrbitPeriod(94.6, 'LEO')).toBe('94.6 min');
    expect(formatOrbitPeriod(720, 'MEO')).toBe('720.0 min');
    expect(formatOrbitPeriod(1436.1, 'GEO')).toBe('23.9 h');
    expect(formatOrbitPeriod(Number.NaN, 'LEO')).toBe('—');
  });
});

describe('altitudeScale', () => {
  it('maps 300 km to the bottom and 40,000 km to the top, logarithmically', () => {
    const scale = altitudeScale([500, 35_786], 0, 100);
    expect(scale.domain).toEqual([AXIS_MIN_KM, AXIS_MAX_KM]);
    expect(scale.y(300)).toBeCloseTo(100, 10);
    expect(scale.y(40_000)).toBeCloseTo(0, 10);
    // The geometric mean is halfway.
    expect(scale.y(Math.sqrt(300 * 40_000))).toBeCloseTo(50, 10);
    // Equal ratios, equal distances: 500→1,000 and 1,000→2,000.
    expect(scale.y(500) - scale.y(1000)).toBeCloseTo(scale.y(1000) - scale.y(2000), 10);
    expect(scale.ticks.map(formatTick)).toEqual(['300', '500', '1,000', '2,000', '5,000', '10,000', '20,000', '40,000']);
  });

  it('widens for a satellite below 300 km or above 40,000 km instead of clamping it to the edge', () => {
    const scale = altitudeScale([180, 50_000], 0, 100);
    expect(scale.domain[0]).toBeCloseTo(150, 10);
    expect(scale.domain[1]).toBeCloseTo(60_000, 10);
    expect(scale.y(180)).toBeLessThan(100);
    expect(scale.y(50_000)).toBeGreaterThan(0);
  });
});
