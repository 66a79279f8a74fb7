/**
 * The drag-facing call, nrlmsiseDensity (public API src/core/atmosphere/nrlmsise00/index.ts), on the
 * 40 "extra" cases of tests/reference/atmosphere/nrlmsise00_cases.json: each case's year, day of
 * year and UT seconds become one UTC instant, from which nrlmsiseDensity derives doy, sec and
 * lst = sec/3600 + lon/15 exactly as the reference driver did, so its SI output must match the
 * reference gtd7d (CGS) converted to SI within 1e-10 (mass density ×1e3, number densities ×1e6).
 */
import { describe, expect, it } from 'vitest';
import { nrlmsiseDensity, type NrlmsiseApArray } from '../../src/core/atmosphere/nrlmsise00/index.ts';
import { MS_PER_DAY } from '../../src/core/time/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { readVendored } from '../reference/index.ts';

const PATH = 'atmosphere/nrlmsise00_cases.json';

interface ExtraCase {
  id: string;
  group: string;
  input: { year: number; doy: number; sec: number; alt: number; g_lat: number; g_long: number; lst: number; f107A: number; f107: number; ap: number; ap_array: number[] | null };
  switches: number[];
  gtd7d: { d: number[]; t: number[] };
}

const cases: ExtraCase[] = (JSON.parse(readVendored(PATH)) as { cases: ExtraCase[] }).cases.filter((c) => c.group === 'extra');

const rel = (got: number, want: number) => (want === 0 ? Math.abs(got) : Math.abs(got / want - 1));

describe('nrlmsiseDensity on the reference extra cases', () => {
  it('has the 40 extra cases, in CGS', () => {
    expect(cases).toHaveLength(40);
    for (const c of cases) expect(c.switches[0]).toBe(0);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s: SI density, number densities and temperatures within 1e-10', (_id, c) => {
    const i = c.input;
    const time = utcMs(Date.UTC(i.year, 0, 1) + (i.doy - 1) * MS_PER_DAY + i.sec * 1000);
    const common = { time, latitudeDeg: i.g_lat, longitudeDeg: i.g_long, altitudeKm: i.alt, f107: i.f107, f107A: i.f107A };
    const r =
      i.ap_array === null
        ? nrlmsiseDensity({ ...common, ap: i.ap })
        : nrlmsiseDensity({ ...common, apArray: i.ap_array as unknown as NrlmsiseApArray });

    // The derived inputs are the reference's own doubles.
    expect([r.modelInput.doy, r.modelInput.sec, r.modelInput.lst]).toEqual([i.doy, i.sec, i.lst]);

    const [he, o, n2, o2, ar, rho, h, n, anomalousO] = c.gtd7d.d as [number, number, number, number, number, number, number, number, number];
    const m = r.numberDensityPerM3;
    const errors = [
      rel(r.densityKgPerM3, rho * 1e3),
      rel(m.he, he * 1e6),
      rel(m.o, o * 1e6),
      rel(m.n2, n2 * 1e6),
      rel(m.o2, o2 * 1e6),
      rel(m.ar, ar * 1e6),
      rel(m.h, h * 1e6),
      rel(m.n, n * 1e6),
      rel(m.anomalousO, anomalousO * 1e6),
      rel(r.exosphericTemperatureK, c.gtd7d.t[0]!),
      rel(r.temperatureK, c.gtd7d.t[1]!),
    ];
    expect(Math.max(...errors)).toBeLessThanOrEqual(1e-10);
  });
});
