/**
 * The drag calculator on its worker thread (drag-pool.ts) against core calculateDragFor in this
 * thread, on CelesTrak's real SW-All series (../shared/reference/spaceweather/SW-All_1998-2026.csv:
 * observed to 2026-04-26, then daily and monthly predictions to 2041): the worker gets only the
 * records from SERIES_LOOKBACK_DAYS (and up to 100 days more) before the calculation's day, and must
 * answer exactly as the whole series does. Skipped with a message without the file; CI=true requires it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  calculateDragFor,
  DensityDomainError,
  DragInputError,
  dragParameterFromBstar,
  meanOrbitFromElementSet,
  parseDragCalculatorInput,
  predictLifetime,
  recordsFrom,
  SERIES_LOOKBACK_DAYS,
  spaceWeatherFromSeries,
} from '../../../core/drag/index.ts';
import { createSpaceWeatherSeries, dayNumber, parseSwAllCsv } from '../../../core/spaceweather/index.ts';
import { utcMs } from '../../../core/units.ts';
import { BusyError } from '../../http/errors.ts';
import { DRAG_QUEUE_LIMIT, DragPool, type DragSeries } from './drag-pool.ts';
import { flatSeries, FREGAT_DEB } from './drag.test-support.ts';

const FILE = fileURLToPath(new URL('../../../../../shared/reference/spaceweather/SW-All_1998-2026.csv', import.meta.url));
const present = existsSync(FILE);
if (!present) console.warn(`[drag-pool.test] SKIPPED: ${FILE} not found`);

const at = (iso: string) => utcMs(Date.parse(iso));
const input = (fields: object) => parseDragCalculatorInput({ name: 'Ofeq-16', mass: 400, crossSectionalArea: 3.2, dragCoefficient: 2.3, ...fields });

describe.skipIf(!present)('drag calculations on the worker thread with a real SW-All series', () => {
  const records = present ? parseSwAllCsv(readFileSync(FILE, 'utf8')).records : { flux: [], fluxMeans: [], threeHourly: [], dailyAp: [] };
  const series = createSpaceWeatherSeries([records]);
  const dragSeries: DragSeries = { version: 1, series, recordSets: [records], jb2008Files: {} };
  const pool = new DragPool(1);
  afterAll(() => pool.close());

  it('the adapter on the records from a day answers as on the whole series from SERIES_LOOKBACK_DAYS later on', () => {
    const fromDay = dayNumber(at('2025-09-01T00:00:00Z'));
    const cut = recordsFrom([records], {}, fromDay);
    expect(cut.recordSets[0]!.flux.length).toBeLessThan(records.flux.length / 20);
    const whole = spaceWeatherFromSeries(series);
    const part = spaceWeatherFromSeries(createSpaceWeatherSeries(cut.recordSets));
    // Every 7 h for 17 years: observed days, daily and monthly predictions, and past the last one.
    const start = (fromDay + SERIES_LOOKBACK_DAYS) * 86_400_000;
    const instants = Array.from({ length: 21_000 }, (_, k) => utcMs(start + k * 7 * 3_600_000));
    expect(instants.map(part)).toEqual(instants.map(whole));
    expect(whole(at('2026-04-20T12:00:00Z'))).toMatchObject({ f107: 104.5, f107A: 126.8 }); // SW-All 2026-04-19 F10.7_OBS (NRLMSISE's 1-day lag), 2026-04-20 F10.7_OBS_CENTER81
  });

  it('…and where the 81-day means are formed from daily values (a series of daily flux only, as NOAA SWPC gives)', () => {
    const fluxOnly = { ...records, fluxMeans: [] };
    const fromDay = dayNumber(at('2025-06-01T00:00:00Z'));
    const whole = spaceWeatherFromSeries(createSpaceWeatherSeries([fluxOnly]));
    const part = spaceWeatherFromSeries(createSpaceWeatherSeries(recordsFrom([fluxOnly], {}, fromDay).recordSets));
    const start = (fromDay + SERIES_LOOKBACK_DAYS) * 86_400_000;
    const instants = Array.from({ length: 3_000 }, (_, k) => utcMs(start + k * 5 * 3_600_000));
    expect(instants.map(part)).toEqual(instants.map(whole));
    expect(whole(instants[0]!)!.f107A).toBeGreaterThan(100);
  });

  it.each([
    ['observed days', '2026-03-01T06:00:00Z', { altitude: 450, model: 'nrlmsise' }],
    ['daily predictions into monthly ones', '2026-05-10T00:00:00Z', { altitude: 600, model: 'jb2008' }],
    ['monthly predictions', '2026-11-28T00:00:00Z', { altitude: 400, model: 'nrlmsise' }],
    ['past the last prediction', '2042-01-01T00:00:00Z', { altitude: 350, model: 'jb2008' }],
  ])('gives what calculateDragFor gives on the whole series: %s', async (_what, iso, fields) => {
    const time = at(iso);
    const expected = calculateDragFor(input(fields), { time, spaceWeather: spaceWeatherFromSeries(series) });
    expect(await pool.calculate(input(fields), time, dragSeries)).toEqual(expected);
    expect(expected.lifetimeSpaceWeather).toBe('series');
  });

  it('refuses on the worker what the core refuses, naming the field (JB2008 past its fit at 2000 km)', async () => {
    // A light sail (1 g, 10,000 m²) at F10.7 400 and Kp 9 falls from 2000 km through JB2008's negative band (core/drag/density.ts).
    const sail = { name: 'Sail', mass: 0.001, crossSectionalArea: 10_000, dragCoefficient: 10, altitude: 2000, solarFlux: 400, geomagnetic: 9, model: 'nrlmsise' };
    const refused = pool.calculate(parseDragCalculatorInput(sail), at('2026-03-01T00:00:00Z'), undefined);
    await expect(refused).rejects.toBeInstanceOf(DragInputError);
    await expect(refused).rejects.toMatchObject({ issues: [{ field: 'solarFlux' }] });
  });

  it('integrates an object’s lifetime as predictLifetime does on the whole series (ISS, 2026-03: re-entry within the series’ predictions)', async () => {
    const orbit = { semiMajorAxisKm: 6378.137 + 415, eccentricity: 0.0005, inclinationRad: (51.64 * Math.PI) / 180, raanRad: 1, argPerigeeRad: 2 };
    const input = { epoch: at('2026-03-01T00:00:00Z'), orbit, dragParameterM2PerKg: 0.005, model: 'nrlmsise00' as const };
    const expected = predictLifetime({ ...input, spaceWeather: spaceWeatherFromSeries(series) }, { capYears: 25 });
    expect(expected.status).toBe('reentry');
    expect(await pool.predictLifetime(input, { capYears: 25 }, dragSeries)).toEqual(expected);
  });

  it('leaves this thread free while it calculates: a timer set after the request fires first', async () => {
    const order: string[] = [];
    const calculation = pool.calculate(input({ altitude: 800, model: 'jb2008' }), at('2026-03-01T00:00:00Z'), dragSeries).then(() => order.push('calculation'));
    await new Promise((resolve) => setTimeout(resolve, 1));
    order.push('timer');
    await calculation;
    expect(order).toEqual(['timer', 'calculation']);
  });
});

describe('DragPool in this thread (size 0)', () => {
  it('computes what calculateDragFor computes, with the entered conditions when no series is given', async () => {
    const time = at('2026-03-01T00:00:00Z');
    const result = await new DragPool(0).calculate(input({ altitude: 450, model: 'nrlmsise' }), time, undefined);
    expect(result).toEqual(calculateDragFor(input({ altitude: 450, model: 'nrlmsise' }), { time }));
    expect(result.lifetimeSpaceWeather).toBe('entered-constant');
  });
});

describe('lifetimes on the worker thread', () => {
  const pool = new DragPool(1);
  afterAll(() => pool.close());
  const { epoch, orbit } = meanOrbitFromElementSet(FREGAT_DEB);
  const input = (model: 'nrlmsise00' | 'jb2008') => ({ epoch, orbit, dragParameterM2PerKg: dragParameterFromBstar(FREGAT_DEB.bstar), model });
  const flat = (flux: number) => flatSeries(flux, epoch);

  it('takes the long-term mean throughout without a series', async () => {
    const prediction = await pool.predictLifetime(input('nrlmsise00'), { capYears: 25 }, undefined);
    expect(prediction).toEqual(predictLifetime({ ...input('nrlmsise00'), spaceWeather: () => undefined }, { capYears: 25 }));
    expect(prediction.spaceWeatherDefaultFrom).toBe(epoch);
  });

  it('throws DensityDomainError across the thread where JB2008 has no density on the way (a series at 400 sfu), and not at 150 sfu', async () => {
    await expect(pool.predictLifetime(input('jb2008'), { capYears: 25 }, flat(400))).rejects.toBeInstanceOf(DensityDomainError);
    await expect(pool.predictLifetime(input('jb2008'), { capYears: 25 }, flat(400))).rejects.toThrow(/JB2008 has no positive density at 1\d{3} km for an 81-day F10\.7 of 400 sfu/);
    expect((await pool.predictLifetime(input('jb2008'), { capYears: 25 }, flat(150))).status).toBe('reentry');
  });
});

describe('the drag worker’s queue', () => {
  // A 200-km orbit re-enters within days: a lifetime of a few milliseconds; a 600-km one runs to the cap.
  const orbitAt = (heightKm: number) => ({ semiMajorAxisKm: 6378.137 + heightKm, eccentricity: 0.001, inclinationRad: 1, raanRad: 0, argPerigeeRad: 0 });
  const lifetime = (pool: DragPool, heightKm: number) =>
    pool.predictLifetime({ epoch: at('2026-03-01T00:00:00Z'), orbit: orbitAt(heightKm), dragParameterM2PerKg: 0.01, model: 'nrlmsise00' }, { capYears: 25 }, undefined);

  it('runs a calculation before the decay forecasts that were waiting, and refuses work past its limit with BusyError', async () => {
    const pool = new DragPool(1);
    try {
      const done: string[] = [];
      const first = lifetime(pool, 600).then(() => done.push('lifetime 1'));
      const waiting = Array.from({ length: DRAG_QUEUE_LIMIT - 1 }, (_, k) => lifetime(pool, 200).then(() => done.push(`lifetime ${k + 2}`)));
      const calculation = pool.calculate(input({ altitude: 200, model: 'nrlmsise' }), at('2026-03-01T00:00:00Z'), undefined).then(() => done.push('calculation'));
      // The queue is full now (one running, DRAG_QUEUE_LIMIT waiting).
      await expect(lifetime(pool, 200)).rejects.toBeInstanceOf(BusyError);
      await Promise.all([first, calculation, ...waiting]);
      expect(done.slice(0, 3)).toEqual(['lifetime 1', 'calculation', 'lifetime 2']);
      expect(done).toHaveLength(DRAG_QUEUE_LIMIT + 1);
    } finally {
      await pool.close();
    }
  });

  it("queues an object's decay runs together or refuses them together, so no refused page leaves work behind", async () => {
    const pool = new DragPool(1);
    const runs = (n: number) =>
      Array.from({ length: n }, () => ({ input: { epoch: at('2026-03-01T00:00:00Z'), orbit: orbitAt(200), dragParameterM2PerKg: 0.01, model: 'nrlmsise00' as const }, options: { capYears: 25 } }));
    const waitingJobs = () => (pool as unknown as { queue: unknown[] }).queue.length;
    try {
      const first = lifetime(pool, 600);
      const waiting = Array.from({ length: DRAG_QUEUE_LIMIT - 2 }, () => lifetime(pool, 200));
      expect(waitingJobs()).toBe(DRAG_QUEUE_LIMIT - 2);
      // Three more would pass the limit: none is queued, each is refused.
      const refused = pool.predictLifetimes(runs(3), undefined);
      expect(waitingJobs()).toBe(DRAG_QUEUE_LIMIT - 2);
      for (const run of refused) await expect(run).rejects.toBeInstanceOf(BusyError);
      // Two fit: both run.
      const taken = pool.predictLifetimes(runs(2), undefined);
      expect(waitingJobs()).toBe(DRAG_QUEUE_LIMIT);
      await first;
      const results = await Promise.all([...waiting, ...taken]);
      expect(results.map((r) => r.status)).toEqual(Array(DRAG_QUEUE_LIMIT).fill('reentry'));
    } finally {
      await pool.close();
    }
  });

  it('fails the job of a worker that died and runs the waiting ones on a new worker; refuses new work once closed', async () => {
    const pool = new DragPool(1);
    const running = lifetime(pool, 600);
    const next = lifetime(pool, 200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await (pool as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(running).rejects.toThrow(/drag worker exited with code 1/);
    expect((await next).status).toBe('reentry');
    const waiting = expect(lifetime(pool, 600)).rejects.toThrow(/drag pool closed/);
    await pool.close();
    await waiting;
    await expect(lifetime(pool, 200)).rejects.toThrow(/drag pool closed/);
  });
});
