import { describe, expect, it } from 'vitest';
import { combinedHardBodyRadiusM, DEFAULT_COMBINED_HBR_M, objectRadiusM } from './hard-body-radius.ts';

describe('default hard-body radii', () => {
  it('uses the SATCAT RCS as an area: r = √(RCS/π)', () => {
    // ISS, SATCAT RCS 399.0524 m² → 11.27 m.
    expect(objectRadiusM({ objectType: 'payload', rcsM2: 399.0524 })).toEqual({ radiusM: Math.sqrt(399.0524 / Math.PI), source: 'rcs' });
    expect(objectRadiusM({ objectType: 'debris', rcsM2: 0.01 }).radiusM).toBeCloseTo(0.0564, 4);
  });

  it('uses the upper bound of Space-Track’s SMALL (0.1 m²) and MEDIUM (1 m²) classes', () => {
    expect(objectRadiusM({ objectType: 'debris', rcsSize: 'small' })).toEqual({ radiusM: Math.sqrt(0.1 / Math.PI), source: 'rcs-size' });
    expect(objectRadiusM({ objectType: 'payload', rcsSize: 'medium' }).radiusM).toBeCloseTo(0.5642, 4);
    expect(objectRadiusM({ objectType: 'payload', rcsSize: 'large' })).toEqual({ radiusM: 10, source: 'object-type' });
  });

  it('falls back on the object type: two unknown-size intact objects make the 20 m combined default', () => {
    expect(DEFAULT_COMBINED_HBR_M).toBe(20);
    expect(combinedHardBodyRadiusM({ objectType: 'payload' }, { objectType: 'rocket_body' })).toBe(20);
    expect(combinedHardBodyRadiusM({ objectType: 'payload', rcsM2: null }, { objectType: 'unknown', rcsSize: null })).toBe(20);
    expect(combinedHardBodyRadiusM({ objectType: 'payload' }, { objectType: 'debris' })).toBeCloseTo(10.5642, 4);
    // An RCS of 0 (published as such for some debris) says nothing about size.
    expect(objectRadiusM({ objectType: 'debris', rcsM2: 0 }).source).toBe('object-type');
  });

  it('refuses a negative or non-finite RCS', () => {
    expect(() => objectRadiusM({ objectType: 'debris', rcsM2: -1 })).toThrow(RangeError);
    expect(() => objectRadiusM({ objectType: 'debris', rcsM2: Number.NaN })).toThrow(RangeError);
  });
});
