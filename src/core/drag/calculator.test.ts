/**
 * The drag calculator (POST /api/drag-calculator/calculate): validation with field-named errors, the spec's
 * defaults and presets (product spec §3, §9), DTM-2020's scaled estimate (DECISIONS.md §8), and the result fields.
 */
import { describe, expect, it } from 'vitest';
import { kpToAp } from '../spaceweather/index.ts';
import { utcMs } from '../units.ts';
import { CALCULATOR_DEFAULTS, DragInputError, parseDragCalculatorInput } from './calculator-input.ts';
import { calculateDrag, calculateDragFor, DEFAULT_INCLINATION_DEG } from './calculator.ts';
import { densityAt } from './density.ts';
import { constantSpaceWeather } from './space-weather.ts';

const time = utcMs(Date.UTC(2024, 5, 1, 12));
const ofeq16 = { name: 'Ofeq-16', mass: 400, crossSectionalArea: 3.2, altitude: 450, dragCoefficient: 2.3 };

function issues(body: unknown): { field: string; message: string }[] {
  try {
    parseDragCalculatorInput(body);
  } catch (error) {
    expect(error).toBeInstanceOf(DragInputError);
    return [...(error as DragInputError).issues];
  }
  throw new Error('expected a DragInputError');
}

describe('drag calculator input', () => {
  it("fills in the spec's defaults", () => {
    const input = parseDragCalculatorInput({ name: ' Sat ', mass: 500, crossSectionalArea: 2, model: 'jb2008' });
    expect(input).toEqual({ name: 'Sat', mass: 500, crossSectionalArea: 2, model: 'jb2008', ...CALCULATOR_DEFAULTS });
    expect(CALCULATOR_DEFAULTS).toEqual({ dragCoefficient: 2.2, altitude: 400, latitude: 32, longitude: 35, velocity: 7.66, solarFlux: 140, geomagnetic: 3, attitude: 'nominal' });
    expect(parseDragCalculatorInput({ ...ofeq16, model: 'dtm2020', inclination: 142, latitude: null }).inclination).toBe(142);
  });

  it('names each bad field: missing name, non-positive mass or area, unknown model, altitude out of 100–2000 km', () => {
    expect(issues({ mass: 400, crossSectionalArea: 3.2, model: 'nrlmsise' })).toEqual([{ field: 'name', message: 'is required' }]);
    expect(issues({ name: '  ', mass: 400, crossSectionalArea: 3.2, model: 'nrlmsise' })[0]!.field).toBe('name');
    expect(issues({ name: 'x', mass: 0, crossSectionalArea: 3.2, model: 'nrlmsise' })).toEqual([{ field: 'mass', message: 'must be a positive number of kilograms, got 0' }]);
    expect(issues({ name: 'x', mass: 400, crossSectionalArea: -1, model: 'nrlmsise' })).toEqual([{ field: 'crossSectionalArea', message: 'must be a positive number of square metres, got -1' }]);
    expect(issues({ name: 'x', mass: 400, crossSectionalArea: 3, model: 'msis86' })).toEqual([{ field: 'model', message: "must be one of nrlmsise, jb2008, dtm2020, got 'msis86'" }]);
    expect(issues({ name: 'x', mass: 400, crossSectionalArea: 3 })[0]!.field).toBe('model');
    expect(issues({ name: 'x', mass: 400, crossSectionalArea: 3, model: 'jb2008', altitude: 90 })).toEqual([{ field: 'altitude', message: 'must be between 100 and 2000 km, got 90' }]);
    expect(issues({ name: 'x', mass: 400, crossSectionalArea: 3, model: 'jb2008', altitude: 2001 })[0]!.field).toBe('altitude');
  });

  it('checks the other fields and reports every problem at once', () => {
    const all = issues({ name: 7, mass: '400', crossSectionalArea: Number.NaN, dragCoefficient: 0, latitude: 91, longitude: -181, velocity: -7, solarFlux: 20, geomagnetic: 10, attitude: '', model: 'jb2008', inclination: 200 });
    expect(all.map((i) => i.field)).toEqual(['name', 'mass', 'crossSectionalArea', 'dragCoefficient', 'latitude', 'longitude', 'velocity', 'solarFlux', 'geomagnetic', 'inclination', 'attitude']);
    expect(all[1]!.message).toBe("must be a finite number, got '400'");
    const error = new DragInputError(all);
    expect(error.message).toMatch(/^Invalid drag calculator input: name: .*; mass: must be a finite number/);
    expect(issues({ ...ofeq16, model: 'jb2008', latitude: 60, inclination: 51.6 })).toEqual([{ field: 'inclination', message: 'an orbit inclined 51.6° never reaches latitude 60°' }]);
    expect(issues(null)).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
    expect(issues([1])).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
  });
});

describe('drag calculator', () => {
  it('Ofeq-16 preset with the defaults: density, force, decay, lifetime and confidence', () => {
    const r = calculateDrag({ ...ofeq16, model: 'nrlmsise' }, { time });
    const point = { time, latitudeDeg: 32, longitudeDeg: 35, altitudeKm: 450 };
    expect(r.satellite).toBe('Ofeq-16');
    expect(r.model).toBe('nrlmsise');
    // Density at the entered point with F10.7 140 and Kp 3 (Ap 15), geocentric latitude only used by JB2008.
    expect(r.atmosphericDensity).toBe(densityAt('nrlmsise00', { ...point, geocentricLatitudeDeg: 0 }, { f107: 140, f107A: 140, ap: kpToAp(3) }));
    expect(r.used).toMatchObject({ inclinationDeg: DEFAULT_INCLINATION_DEG, f107: 140, kp: 3, ap: 15, attitude: 'nominal' });
    expect(r.used.ballisticCoefficientKgPerM2).toBeCloseTo(400 / (2.3 * 3.2), 12);
    expect(r.dragForce).toBeCloseTo(0.5 * r.atmosphericDensity * (r.used.relativeSpeedKmPerS * 1000) ** 2 * 2.3 * 3.2, 15);
    // 1e-4 to 1e-3 N for a 3 m² satellite at 450 km.
    expect(r.dragForce).toBeGreaterThan(1e-4);
    expect(r.dragForce).toBeLessThan(1e-3);
    expect(r.used.orbitalSpeedKmPerS).toBeCloseTo(7.64, 2);
    expect(r.used.relativeSpeedKmPerS).toBeLessThan(r.used.orbitalSpeedKmPerS);
    expect(r.orbitDecayRate).toBeGreaterThan(0.05);
    expect(r.orbitDecayRate).toBeLessThan(0.2);
    expect(r.periodChangeSecondsPerDay).toBeLessThan(0);
    expect(r.lifetimeEstimate! / 365.25).toBeGreaterThan(1);
    expect(r.lifetimeEstimate! / 365.25).toBeLessThan(2);
    expect(r.lifetimeYears).toBeCloseTo(r.lifetimeEstimate! / 365.25, 12);
    expect(r.lifetimeSpaceWeather).toBe('entered-constant');
    expect(r.decayForecast).toHaveLength(31);
    expect(r.decayForecast[0]).toEqual({ day: 0, altitudeKm: expect.closeTo(450, 9) as number });
    expect(r.modelSpread.of).toBe('lifetime');
    expect(r.modelSpread.level).toBe('green');
    expect(r.confidence).toBeGreaterThan(80);
    expect(r.confidence).toBeLessThanOrEqual(90);
    expect(r.source).toMatch(/NRLMSISE-00/);
    expect(r.notes.join(' ')).toMatch(/inclination not given: 51.6° assumed/);
    expect(r.notes.join(' ')).not.toMatch(/velocity/);
  });

  it('DTM-2020: 1.08 × NRLMSISE-00, labelled as an estimate; JB2008 labelled with its stand-in indices', () => {
    const msis = calculateDrag({ ...ofeq16, model: 'nrlmsise' }, { time, lifetime: false });
    const dtm = calculateDrag({ ...ofeq16, model: 'dtm2020' }, { time, lifetime: false });
    const jb = calculateDrag({ ...ofeq16, model: 'jb2008' }, { time, lifetime: false });
    expect(dtm.atmosphericDensity).toBeCloseTo(1.08 * msis.atmosphericDensity, 25);
    expect(dtm.dragForce).toBeCloseTo(1.08 * msis.dragForce, 15);
    expect(dtm.source).toMatch(/DTM-2020 not implemented: estimated as 1\.08 × NRLMSISE-00/);
    expect(jb.source).toMatch(/JB2008.*ΔTc from ap/);
    // Without lifetimes the spread is of the decay rates; it is the same for every chosen model.
    expect(msis.modelSpread.of).toBe('decay-rate');
    expect(dtm.modelSpread).toEqual(msis.modelSpread);
    expect(msis.lifetimeEstimate).toBeUndefined();
    expect(msis.lifetimeText).toBe('not computed');
  });

  it('uses the circular speed, not the sent velocity, and says so when they differ', () => {
    const r = calculateDrag({ ...ofeq16, altitude: 1000, model: 'nrlmsise' }, { time, lifetime: false });
    expect(r.used.orbitalSpeedKmPerS).toBeCloseTo(7.35, 2);
    expect(r.notes.join(' ')).toMatch(/velocity 7.66 km\/s not used: a circular orbit at 1000 km moves at 7.35 km\/s/);
    const same = calculateDrag({ ...ofeq16, altitude: 1000, velocity: 12, model: 'nrlmsise' }, { time, lifetime: false });
    expect(same.dragForce).toBe(r.dragForce);
  });

  it('retrograde (the OFEQ inclination) meets the air ~0.9 km/s faster than prograde: more drag', () => {
    const pro = calculateDrag({ ...ofeq16, model: 'nrlmsise', inclination: 38 }, { time, lifetime: false });
    const retro = calculateDrag({ ...ofeq16, model: 'nrlmsise', inclination: 142 }, { time, lifetime: false });
    expect(retro.used.relativeSpeedKmPerS - pro.used.relativeSpeedKmPerS).toBeGreaterThan(0.6);
    expect(retro.dragForce).toBeGreaterThan(1.15 * pro.dragForce);
    expect(retro.notes).toEqual([]);
  });

  it("reports '> 25 years' without a lifetimeEstimate high up, with a series when given", () => {
    const r = calculateDragFor(parseDragCalculatorInput({ ...ofeq16, altitude: 900, model: 'jb2008' }), { time, spaceWeather: constantSpaceWeather({ f107: 120, f107A: 120, ap: 10 }) });
    expect(r.lifetimeEstimate).toBeUndefined();
    expect(r.lifetimeText).toBe('> 25 years');
    expect(r.lifetimeSpaceWeather).toBe('series');
    expect(r.modelSpread.of).toBe('decay-rate');
  });

  it('throws DragInputError for invalid bodies', () => {
    expect(() => calculateDrag({ name: 'x', mass: -1, crossSectionalArea: 1, model: 'jb2008' }, { time })).toThrow(DragInputError);
  });
});
