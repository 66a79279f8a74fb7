import { afterAll, describe, expect, it } from 'vitest';
import { PredictionsResponse } from '../../contracts/orbital-drag.ts';
import { createSgp4 } from '../../core/propagation/index.ts';
import { createSpaceWeatherSeries, dayNumber, parseSwAllCsv, type SpaceWeatherRecords } from '../../core/spaceweather/index.ts';
import { utcMs } from '../../core/units.ts';
import type { CatalogEntry, CatalogService } from './catalog-service.ts';
import { dragPropertiesFor, fleetDecayForecast, lifetimeInThread, OrbitalDragService } from './orbital-drag-service.ts';
import { DragPool } from '../workers/drag/drag-pool.ts';
import { flatSeries, FREGAT_DEB } from '../workers/drag/drag.test-support.ts';
import type { SpaceWeatherService } from './space-weather-service.ts';
import { daysToRecords, recordsToDays, SpaceWeatherSnapshot } from './space-weather-service.ts';

describe('drag properties of a fleet satellite', () => {
  it('takes the spec preset by name (OFEQ or OFEK, any spelling), else the catalogued mass, else the presets’ mean', () => {
    expect(dragPropertiesFor({ name: 'OFEK 11', massKg: null })).toMatchObject({ mass_kg: 300, area_m2: 2.5, drag_coefficient: 2.1 });
    expect(dragPropertiesFor({ name: 'Ofeq-13', massKg: 999 })).toMatchObject({ mass_kg: 350, area_m2: 2.8, drag_coefficient: 2.2 });
    const venus = dragPropertiesFor({ name: 'VENUS', massKg: 264 });
    expect(venus.area_m2 / venus.mass_kg).toBeCloseTo(2.725 / 337.5, 15);
    expect(dragPropertiesFor({ name: 'EROS C3', massKg: null })).toMatchObject({ mass_kg: 337.5, area_m2: 2.725, drag_coefficient: 2.2 });
  });
});

describe('space-weather days in the database', () => {
  it('turn back into the parser’s records exactly (a day with missing intervals and a monthly prediction included)', () => {
    const csv = [
      'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81',
      '2026-04-26,2628,7,23,33,23,33,13,10,27,27,190,9,18,9,18,5,4,12,12,11,0.6,3,129,156.3,158.3,OBS,127.9,126.2,129.4,125.0',
      '2026-04-27,2628,8,30,20,7,10,10,13,,,143,15,7,3,4,4,5,,,7,0.4,2,132,153.0,155.0,PRD,127.8,125.9,129.4,124.8',
      '2026-07-01,2630,19,,,,,,,,,,,,,,,,,,,,,94,122.3,126.4,PRM,124.9,127.0,128.7,129.9',
    ].join('\n');
    const parsed = parseSwAllCsv(csv, { source: 'test' });
    expect(parsed.rejected).toEqual([]);
    const days = recordsToDays(parsed.records, 'celestrak-sw-all', '2026-04-26');
    expect(days.map((d) => [d.date, d.status, d.cadence])).toEqual([
      ['2026-04-26', 'observed', 'daily'],
      ['2026-04-27', 'predicted', 'daily'],
      ['2026-07-01', 'predicted', 'monthly'],
    ]);
    expect(days[1]!.kp).toEqual([3, 2, 2 / 3, 1, 1, 4 / 3, null, null]);
    const back = daysToRecords(days).get('celestrak-sw-all')!;
    const byKey = <T extends { day?: number; interval?: number }>(list: readonly T[]) => [...list].sort((a, b) => (a.day ?? a.interval ?? 0) - (b.day ?? b.interval ?? 0));
    expect(byKey(back.flux)).toEqual(byKey(parsed.records.flux));
    expect(byKey(back.fluxMeans)).toEqual(byKey(parsed.records.fluxMeans));
    expect(byKey(back.threeHourly)).toEqual(byKey(parsed.records.threeHourly));
    expect(byKey(back.dailyAp)).toEqual(byKey(parsed.records.dailyAp));
  });
});

// FREGAT DEB 46109 (perigee about 350 km, apogee about 2060 km, mean altitude about 1,200 km: inside the
// fleet's LEO band too); its apogee passes JB2008's negative band past 376 sfu.
const entry = { set: FREGAT_DEB, object: { name: 'FREGAT DEB', noradId: 46109, massKg: null } } as unknown as CatalogEntry;

describe('an object’s decay forecast', () => {
  // A stored series of one flux from 200 days before the set's epoch; the decay runs in this thread (DragPool size 0).
  const serviceWith = (flux: number) => {
    const snapshot = { imported: true, ...flatSeries(flux, FREGAT_DEB.epoch) };
    return new OrbitalDragService({} as CatalogService, { snapshot: async () => snapshot } as unknown as SpaceWeatherService, new DragPool(0));
  };

  it('leaves out JB2008, saying why, where a series’ flux is past its fit on the way down (a 500 otherwise)', async () => {
    // Bowman 2001's correction turns negative between 1500 and 1900 km past 376.6 sfu (core/drag/density.ts).
    const decay = await serviceWith(400).objectDecay(entry);
    expect(decay.runs.map((r) => r.model)).toEqual(['NRLMSISE-00']);
    expect(decay.runs[0]!.status).toBe('reentry');
    expect(decay.note).toMatch(/ JB2008 left out: JB2008 has no positive density at 1\d{3} km for an 81-day F10\.7 of 400 sfu: .*\.$/);
  });

  it('runs both models where JB2008 has a density throughout, and answers the next views of the object from the first', async () => {
    const service = serviceWith(150);
    const [decay, meanwhile] = await Promise.all([service.objectDecay(entry), service.objectDecay(entry)]);
    expect(decay.runs.map((r) => r.model)).toEqual(['NRLMSISE-00', 'JB2008']);
    expect(decay.note).not.toMatch(/left out/);
    expect(decay.note).toMatch(/long-term mean F10\.7 121\.5 sfu and Ap 12\.8 beyond it/);
    expect(meanwhile).toBe(decay);
    expect(await service.objectDecay(entry)).toBe(decay);
  });
});

describe('a fleet satellite’s 30-day decay (Orbit Decay tab)', () => {
  const time = utcMs(Date.parse('2023-10-10T00:00:00Z'));
  const weather = (flux: number) => () => ({ f107: flux, f107A: flux, ap: 15 });

  it('gives no JB2008 loss (null, spread 0) where the flux is past its fit, instead of failing the fleet’s answer', async () => {
    const forecast = await fleetDecayForecast(entry, time, lifetimeInThread(weather(400) as never));
    expect(forecast.jb2008_altitude_loss_30d).toBeNull();
    expect(forecast.model_spread).toEqual({ value: 0, level: 'green' });
    expect(forecast.altitude_loss_30d).toBeGreaterThan(0);
    expect(forecast.points).toHaveLength(31);
  });

  it('gives both losses and their spread where JB2008 has a density throughout', async () => {
    const forecast = await fleetDecayForecast(entry, time, lifetimeInThread(weather(150) as never));
    expect(forecast.jb2008_altitude_loss_30d).toBeGreaterThan(0);
    expect(forecast.model_spread.value).toBeGreaterThan(0);
  });
});

describe('the realtime and predictions snapshots built on the drag worker', () => {
  // A fixed clock: 30 s into a UTC minute, a day after FREGAT DEB's epoch (2023-10-09).
  const clock = () => Date.parse('2023-10-10T06:00:30Z');
  const clockDay = dayNumber(utcMs(clock()));
  // Two LEO fleet satellites on FREGAT DEB's elements (one with the spec preset of Ofeq-16).
  const fleet = [
    { set: FREGAT_DEB, object: { name: 'OFEQ 16', noradId: 90001, massKg: null }, setSource: 'test', model: createSgp4(FREGAT_DEB) },
    { set: FREGAT_DEB, object: { name: 'FREGAT DEB', noradId: 46109, massKg: 500 }, setSource: 'test', model: createSgp4(FREGAT_DEB) },
  ] as unknown as CatalogEntry[];
  const catalog = { fleet: () => fleet, changeCount: 1 } as unknown as CatalogService;

  /**
   * Records of days `from`..`to` (relative to the clock's day): a flux that varies (a 27-day
   * rotation) and 3-hour ap of a storm, observed up to the clock's day and predicted after it.
   */
  function records(from: number, to: number): SpaceWeatherRecords {
    const days = Array.from({ length: to - from + 1 }, (_, k) => clockDay + from + k);
    const status = (day: number) => (day <= clockDay ? 'observed' : 'predicted') as 'observed' | 'predicted';
    const flux = (day: number) => 140 + 40 * Math.sin(day / 4.3);
    const ap = (interval: number) => 7 + ((interval * 37) % 90);
    return {
      flux: days.map((day) => ({ day, observed: flux(day), adjusted: flux(day) * 1.01, status: status(day), cadence: 'daily', source: 'test' })),
      fluxMeans: days.map((day) => ({ day, observedCentred81: 140, adjustedCentred81: 141, observedTrailing81: 139, adjustedTrailing81: 140, status: status(day), cadence: 'daily', source: 'test' })),
      threeHourly: days.flatMap((day) => Array.from({ length: 8 }, (_, n) => ({ interval: day * 8 + n, kp: 3, ap: ap(day * 8 + n), status: status(day), source: 'test' }))),
      dailyAp: days.map((day) => ({ day, ap: 20, status: status(day), source: 'test' })),
    };
  }
  let version = 1000;
  const snapshotOf = (sets: SpaceWeatherRecords[]) => {
    const stored = sets.reduce((n, r) => n + r.flux.length, 0);
    return new SpaceWeatherSnapshot(createSpaceWeatherSeries(sets), (version += 1), stored, stored > 0 ? 'test' : null, undefined, {}, sets);
  };
  const worker = new DragPool(1);
  afterAll(() => worker.close());

  it.each([
    // Observed to the clock's day, then daily predictions for 45 days: the 30-day runs reach past them into the defaults.
    ['a series observed to today and predicted 45 days on', () => snapshotOf([records(-400, 45)])],
    // Nothing newer than 300 days ago: every value is a default, the newest imported one, which the worker's copy must keep.
    ['a series that ended 300 days ago', () => snapshotOf([records(-900, -300)])],
    ['nothing imported', () => snapshotOf([])],
  ])('equal the ones built in this thread, and the predictions those of SpaceWeatherSnapshot.at: %s', async (_what, make) => {
    const snapshot = make();
    const spaceWeather = { snapshot: async () => snapshot } as unknown as SpaceWeatherService;
    const onWorker = new OrbitalDragService(catalog, spaceWeather, worker, clock);
    const inThread = new OrbitalDragService(catalog, spaceWeather, new DragPool(0), clock);
    try {
      const [realtime, predictions] = await Promise.all([onWorker.realtime(), onWorker.predictions()]);
      const [realtimeHere, predictionsHere] = await Promise.all([inThread.realtime(), inThread.predictions()]);
      expect(realtime.body.drag_data).toHaveLength(2);
      expect(realtime.json).toBe(realtimeHere.json);
      expect(predictions.json).toBe(predictionsHere.json);
      expect(predictions.body.satellites).toHaveLength(2);
      // The weather the answers were computed with before the worker took them: SpaceWeatherSnapshot.at(t).weather.
      const hour = utcMs(Math.floor(clock() / 3_600_000) * 3_600_000);
      const before = await Promise.all(fleet.map((e) => fleetDecayForecast(e, hour, lifetimeInThread((t) => snapshot.at(t).weather))));
      expect(predictions.body.satellites).toEqual(PredictionsResponse.encode({ ...predictions.body, satellites: before }).satellites);
    } finally {
      onWorker.stop();
      inThread.stop();
    }
  });
});
