import { describe, expect, it } from 'vitest';
import { applyPreset, canCalculate, INITIAL_FORM, PRESETS, toRequest } from '@/lib/drag-calculator-form';

describe('drag calculator form (spec §3, §5)', () => {
  it('starts with drag coefficient 2.2, altitude 400 and nrlmsise', () => {
    expect(INITIAL_FORM).toEqual({ name: '', mass: '', crossSectionalArea: '', dragCoefficient: '2.2', altitude: '400', model: 'nrlmsise' });
  });

  it('has the four spec presets', () => {
    expect(PRESETS.map((p) => [p.name, p.mass, p.area, p.altitude, p.dragCoefficient])).toEqual([
      ['Ofeq-16', 400, 3.2, 450, 2.3],
      ['Ofeq-13', 350, 2.8, 445, 2.2],
      ['Ofeq-11', 300, 2.5, 448, 2.1],
      ['Ofeq-9', 300, 2.4, 442, 2.2],
    ]);
  });

  it('a preset fills name, mass, area, altitude and drag coefficient and keeps the model', () => {
    expect(applyPreset({ ...INITIAL_FORM, model: 'jb2008' }, 'Ofeq-11')).toEqual({
      name: 'Ofeq-11',
      mass: '300',
      crossSectionalArea: '2.5',
      dragCoefficient: '2.1',
      altitude: '448',
      model: 'jb2008',
    });
    expect(applyPreset(INITIAL_FORM, 'nope')).toBe(INITIAL_FORM);
  });

  it('needs name, mass and area non-empty and non-zero', () => {
    const ok = { ...INITIAL_FORM, name: 'A', mass: '1', crossSectionalArea: '1' };
    expect(canCalculate(ok)).toBe(true);
    expect(canCalculate({ ...ok, name: ' ' })).toBe(false);
    expect(canCalculate({ ...ok, mass: '' })).toBe(false);
    expect(canCalculate({ ...ok, mass: '0' })).toBe(false);
    expect(canCalculate({ ...ok, crossSectionalArea: '0.0' })).toBe(false);
  });

  it('sends every field, numbers as numbers, the fixed ones at their defaults', () => {
    expect(toRequest({ ...INITIAL_FORM, name: 'A', mass: '12', crossSectionalArea: '1.5', model: 'dtm2020' })).toEqual({
      name: 'A',
      mass: 12,
      crossSectionalArea: 1.5,
      dragCoefficient: 2.2,
      altitude: 400,
      latitude: 32,
      longitude: 35,
      velocity: 7.66,
      solarFlux: 140,
      geomagnetic: 3,
      attitude: 'nominal',
      model: 'dtm2020',
    });
  });
});
