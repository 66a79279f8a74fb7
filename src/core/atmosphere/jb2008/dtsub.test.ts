/**
 * DTSUB's band structure as JB2008.for documents it (REV A of JB2006: "smooth transition between
 * altitude bands"): zero below 120 km and above 800 km, and continuous at 120, 200, 240, 300,
 * 600 and 800 km for any local time, latitude and F10.
 */
import { describe, expect, it } from 'vitest';
import { localTimeLatitudeCorrection } from './dtsub.ts';

describe('localTimeLatitudeCorrection (DTSUB)', () => {
  it('is 0 outside 120–800 km', () => {
    for (const z of [90, 105, 119.999, 800.001, 1000, 2500]) expect(localTimeLatitudeCorrection(150, 14, 0.3, z)).toBe(0);
  });

  it('is continuous at every band boundary', () => {
    const eps = 1e-9;
    for (const f10 of [70, 150, 250]) {
      for (const lst of [0, 3.5, 12, 15.2, 23.9]) {
        for (const lat of [-1.2, 0, 0.7]) {
          for (const z of [120, 200, 240, 300, 600, 800]) {
            const below = localTimeLatitudeCorrection(f10, lst, lat, z - eps);
            const above = localTimeLatitudeCorrection(f10, lst, lat, z + eps);
            expect(Math.abs(above - below), `F10 ${f10} LST ${lst} lat ${lat} z ${z}`).toBeLessThan(1e-5);
          }
        }
      }
    }
  });

  it('stays within a few tens of kelvin (a correction, not a temperature)', () => {
    for (let z = 120; z <= 800; z += 10) {
      for (let lst = 0; lst < 24; lst += 1) {
        expect(Math.abs(localTimeLatitudeCorrection(180, lst, 0.5, z))).toBeLessThan(100);
      }
    }
  });
});
