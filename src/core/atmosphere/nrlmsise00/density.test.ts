/**
 * nrlmsiseDensity: the time inputs it derives (day of year, UT seconds, lst = sec/3600 + lon/15 as
 * nrlmsise-00.h recommends) and its densities, checked against the "Moderate case" table of
 * shared/reference/atmosphere/README.md (GTD7D total mass density, printed to 4 digits; the values
 * are written here so this test runs without the reference files).
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../../units.ts';
import { gtd7d, NRLMSISE_SI_FLAGS, nrlmsiseDensity, nrlmsiseFlags, nrlmsiseTimeInputs, type NrlmsiseApArray } from './index.ts';

describe('nrlmsiseTimeInputs', () => {
  it('day of year from 1, seconds of the UT day, local solar time not reduced modulo 24', () => {
    expect(nrlmsiseTimeInputs(utcMs(Date.UTC(2021, 2, 21, 12)), 0)).toEqual({ doy: 80, sec: 43200, lst: 12 });
    expect(nrlmsiseTimeInputs(utcMs(Date.UTC(2024, 0, 1)), 15)).toEqual({ doy: 1, sec: 0, lst: 1 });
    // Leap year: December 31 is day 366.
    const t = nrlmsiseTimeInputs(utcMs(Date.UTC(2000, 11, 31, 23, 59, 59, 500)), -70);
    expect(t).toEqual({ doy: 366, sec: 86399.5, lst: 86399.5 / 3600 + -70 / 15 });
    expect(t.lst).toBeGreaterThan(19);
    expect(nrlmsiseTimeInputs(utcMs(Date.UTC(2023, 6, 1, 23)), 170).lst).toBeCloseTo(23 + 170 / 15, 12);
  });
});

describe('nrlmsiseDensity', () => {
  // F10.7 = F10.7A = 150, Ap = 15, day 80, 12:00 UT, lat 0, lon 0 (lst 12).
  const moderate = (altitudeKm: number) =>
    nrlmsiseDensity({ time: utcMs(Date.UTC(2021, 2, 21, 12)), latitudeDeg: 0, longitudeDeg: 0, altitudeKm, f107: 150, f107A: 150, ap: 15 });

  it('reproduces the README moderate case: 3.347e-10, 6.775e-12, 3.885e-13 kg/m^3 at 200, 400, 600 km', () => {
    expect(moderate(200).densityKgPerM3.toPrecision(4)).toBe('3.347e-10');
    expect(moderate(400).densityKgPerM3.toPrecision(4)).toBe('6.775e-12');
    expect(moderate(600).densityKgPerM3.toPrecision(4)).toBe('3.885e-13');
  });

  it('is GTD7D in SI on the derived input, bit for bit', () => {
    const r = moderate(400);
    expect(r.modelInput).toEqual({ doy: 80, sec: 43200, alt: 400, g_lat: 0, g_long: 0, lst: 12, f107A: 150, f107: 150, ap: 15 });
    const { d, t } = gtd7d(r.modelInput, NRLMSISE_SI_FLAGS);
    expect(r.densityKgPerM3).toBe(d[5]);
    expect([r.exosphericTemperatureK, r.temperatureK]).toEqual(t);
    const n = r.numberDensityPerM3;
    expect([n.he, n.o, n.n2, n.o2, n.ar, n.h, n.n, n.anomalousO]).toEqual([d[0], d[1], d[2], d[3], d[4], d[6], d[7], d[8]]);
  });

  it('uses the ap-array mode (switch 9 = -1) when given an ap array', () => {
    const apArray: NrlmsiseApArray = [27, 48, 32, 15, 9, 22, 12];
    const r = nrlmsiseDensity({ time: utcMs(Date.UTC(2015, 2, 17, 6)), latitudeDeg: 45, longitudeDeg: -120, altitudeKm: 450, f107: 113, f107A: 125, apArray });
    expect(r.modelInput.apArray).toEqual(apArray);
    expect(r.densityKgPerM3).toBe(gtd7d(r.modelInput, nrlmsiseFlags({ units: 'si', apArray: true })).d[5]);
    expect(r.densityKgPerM3).not.toBe(gtd7d(r.modelInput, NRLMSISE_SI_FLAGS).d[5]);
  });

  it('density falls with altitude from the ground to 1000 km; O, H, N appear only from 72.5 km', () => {
    let previous = Number.POSITIVE_INFINITY;
    for (let alt = 0; alt <= 1000; alt += 2.5) {
      const r = moderate(alt);
      expect(r.densityKgPerM3).toBeLessThan(previous);
      previous = r.densityKgPerM3;
      if (alt < 72.5) expect([r.numberDensityPerM3.o, r.numberDensityPerM3.h, r.numberDensityPerM3.n]).toEqual([0, 0, 0]);
      else expect(r.numberDensityPerM3.o).toBeGreaterThan(0);
    }
    // Sea level: about the 1.2 kg/m^3 of standard atmospheres.
    expect(moderate(0).densityKgPerM3).toBeGreaterThan(1.1);
    expect(moderate(0).densityKgPerM3).toBeLessThan(1.3);
  });
});
