import { describe, expect, it } from 'vitest';
import { DEFAULT_AREA_PER_MASS_M2_PER_KG, DEFAULT_DRAG_PROPERTIES, DRAG_PRESETS, dragPropertiesOf, presetIndexOf } from './presets.ts';

describe('drag presets (product spec §3)', () => {
  it('are the spec’s four Ofeq presets: mass kg, area m², altitude km, Cd', () => {
    // "Ofeq-16 (400, 3.2, 450, 2.3); Ofeq-13 (350, 2.8, 445, 2.2); Ofeq-11 (300, 2.5, 448, 2.1); Ofeq-9 (300, 2.4, 442, 2.2)"
    expect(DRAG_PRESETS.map((p) => [p.name, p.massKg, p.areaM2, p.altitudeKm, p.dragCoefficient])).toEqual([
      ['Ofeq-16', 400, 3.2, 450, 2.3],
      ['Ofeq-13', 350, 2.8, 445, 2.2],
      ['Ofeq-11', 300, 2.5, 448, 2.1],
      ['Ofeq-9', 300, 2.4, 442, 2.2],
    ]);
    expect(DEFAULT_DRAG_PROPERTIES).toEqual({ massKg: 337.5, areaM2: 2.725, dragCoefficient: 2.2 });
    expect(DEFAULT_AREA_PER_MASS_M2_PER_KG).toBeCloseTo(2.725 / 337.5, 15);
  });

  it('match a name in any spelling, OFEK or OFEQ', () => {
    expect(['OFEQ-16', 'Ofeq 13', 'OFEK 11', 'ofek-9', 'OFEQ-1', 'EROS C3'].map(presetIndexOf)).toEqual([0, 1, 2, 3, -1, -1]);
  });

  it('give a satellite its preset, else its catalogued mass with the presets’ area-to-mass ratio, else their mean, and say which', () => {
    expect(dragPropertiesOf({ name: 'OFEK 11', massKg: null })).toEqual({ massKg: 300, areaM2: 2.5, dragCoefficient: 2.1, source: 'product spec §3 preset Ofeq-11' });
    expect(dragPropertiesOf({ name: 'Ofeq-13', massKg: 999 })).toMatchObject({ massKg: 350, areaM2: 2.8, dragCoefficient: 2.2 });
    const venus = dragPropertiesOf({ name: 'VENUS', massKg: 264 });
    expect(venus.areaM2 / venus.massKg).toBeCloseTo(2.725 / 337.5, 15);
    expect(venus.source).toBe('catalogue mass 264 kg; area 2.13 m² from the spec presets\' mean area-to-mass ratio 0.0081 m²/kg; Cd 2.2 (spec default)');
    for (const massKg of [null, 0, -5]) {
      expect(dragPropertiesOf({ name: 'EROS C3', massKg })).toEqual({ massKg: 337.5, areaM2: 2.725, dragCoefficient: 2.2, source: 'no mass or area known: the mean of the spec presets (337.5 kg, 2.725 m², Cd 2.2)' });
    }
  });
});
