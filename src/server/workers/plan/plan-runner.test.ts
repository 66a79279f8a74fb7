/**
 * A track's screening split over the catalogue (plan-runner.ts): the result of N shares, each on
 * its own worker thread, merged, is the result of one thread on the whole catalogue — the same
 * conjunctions in the same order, with the same numbers, the same event after the burn and the same
 * conclusion — for an avoidance plan and for an operator ephemeris. On 600 objects of the demo
 * catalogue (core/catalog, deterministic), around a named LEO object (58817) that meets 25 of them
 * within 50 km over 3 days, 19 of them also without the burn. On a pool of threads kept between
 * jobs (TrackPool), a second job on the same catalogue version sends none of it and gives the same
 * result; another version is sent again; an abort leaves a pool the next job can use.
 */
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postBurnTrack, sgp4StateAt } from '../../../core/avoidance/index.ts';
import { generateDemoCatalog, type ObjectType } from '../../../core/catalog/index.ts';
import type { ElementSet } from '../../../core/elements/index.ts';
import { readOem, writeOem } from '../../../core/ephemeris/index.ts';
import { createSgp4 } from '../../../core/propagation/index.ts';
import { utcMs } from '../../../core/units.ts';
import { mergeEphemerisShares, screenEphemerisJob, type EphemerisJob } from '../../screening/ephemeris-screening.ts';
import { mergePlanShares, screenPlan, screenPlanShare } from '../../screening/plan-screening.ts';
import type { PlanJob } from './plan-protocol.ts';
import { runEphemerisScreening, runPlanScreening, shareCatalogue, TrackPool } from './plan-runner.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 0, 10);
const demo = generateDemoCatalog({ now: utcMs(NOW), size: 600, historyObjects: 0 });
const newest = new Map<number, ElementSet>();
for (const set of demo.sets) newest.set(set.norad, set);
const sets = [...newest.values()];
const objectTypes: Record<number, ObjectType> = Object.fromEntries(demo.objects.map((o) => [o.noradId, o.objectType]));
const names: Record<number, string> = Object.fromEntries(demo.objects.map((o) => [o.noradId, o.name]));
const reference = newest.get(58817)!;

const plan = (event: PlanJob['event'], targetPc = 1e-4): PlanJob => ({
  reference,
  catalogue: sets,
  objectTypes,
  names,
  burnMs: NOW + 3_600_000,
  dvRtnMps: [0, 0.1, 0],
  windowStartMs: NOW,
  windowEndMs: NOW + 3 * DAY,
  thresholdKm: 50,
  targetPc,
  event,
});
/** The event not among the plan's conjunctions: its secondary's approach is searched after the burn. */
const unlisted = plan({ secondary: sets[7]!.norad, tcaMs: NOW + 1.3 * DAY, missKm: 2, pc: 1e-5, pcMethod: 'pc2d' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the catalogue in shares', () => {
  it('deals NORAD ids in turn, every set of an id to one share in its order, one share per id at most', () => {
    const catalogue = [1, 2, 3, 2, 4, 5, 1].map((norad, i) => ({ norad, i }));
    expect(shareCatalogue(catalogue, 2)).toEqual([
      [
        { norad: 1, i: 0 },
        { norad: 3, i: 2 },
        { norad: 5, i: 5 },
        { norad: 1, i: 6 },
      ],
      [
        { norad: 2, i: 1 },
        { norad: 2, i: 3 },
        { norad: 4, i: 4 },
      ],
    ]);
    expect(shareCatalogue(catalogue, 16)).toHaveLength(5);
    expect(shareCatalogue([], 4)).toEqual([[]]);
    expect(shareCatalogue(catalogue, 0)).toHaveLength(1);
  });
});

describe('a plan screened in shares', () => {
  const whole = screenPlan(unlisted);

  it('finds conjunctions with and without their pair before the burn (the test means something)', () => {
    expect(whole.result.conjunctions.length).toBeGreaterThan(20);
    expect(whole.result.conjunctions.filter((c) => c.before !== null).length).toBeGreaterThan(10);
    expect(whole.result.conjunctions.filter((c) => c.change === 'new').length).toBeGreaterThan(0);
    expect(whole.result.event.after).not.toBeNull();
  });

  it('merged from 1, 2, 3 and 7 shares in this thread, is the result of the whole catalogue', () => {
    // The event among the conjunctions, and a target every new conjunction exceeds: a list of problems.
    const c = whole.result.conjunctions[whole.result.conjunctions.length >> 1]!;
    const listed = plan({ secondary: c.secondaryNorad, tcaMs: Date.parse(c.tca) + 60_000, missKm: 1, pc: 1e-3, pcMethod: 'pc2d' }, 0);
    const listedWhole = screenPlan(listed);
    expect(listedWhole.result.event.after?.tca).toBe(c.tca);
    expect(listedWhole.acceptable).toBe(false);
    for (const job of [unlisted, listed]) {
      const one = job === unlisted ? whole : listedWhole;
      for (const n of [1, 2, 3, 7]) {
        const shares = shareCatalogue(job.catalogue, n).map((catalogue) => screenPlanShare({ ...job, catalogue }));
        expect(mergePlanShares(job, shares)).toEqual(one);
      }
    }
  });

  it('on worker threads, one share or two, is the result of the whole catalogue in this thread', async () => {
    const timings: number[] = [];
    const two = await runPlanScreening(unlisted, undefined, { threads: 2, onShare: (s) => timings.push(s.objects) });
    expect(timings.sort()).toEqual([300, 300]);
    expect(two).toEqual({ type: 'done', ...whole });
    expect(await runPlanScreening(unlisted, undefined, { threads: 1 })).toEqual(two);
  });

  it('an abort terminates every thread and rejects with its reason', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const controller = new AbortController();
    const started = runPlanScreening({ ...unlisted, windowEndMs: NOW + 30 * DAY }, controller.signal, { threads: 2 });
    setTimeout(() => controller.abort(new Error('stop')), 300);
    await expect(started).rejects.toThrow('stop');
    expect(terminate).toHaveBeenCalledTimes(2);
    // Each terminate() resolves once its thread has stopped.
    await Promise.all(terminate.mock.results.map((r) => r.value as Promise<number>));
    await expect(runPlanScreening(unlisted, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });

  it('a share that fails fails the job, with its error', async () => {
    await expect(runPlanScreening({ ...unlisted, thresholdKm: -1 }, undefined, { threads: 2 })).rejects.toThrow(RangeError);
  });
});

describe('an operator ephemeris screened in shares', () => {
  // The OEM: the plan's post-burn track, TEME every 60 s over the window and an hour either side.
  const sgp4 = sgp4StateAt(createSgp4(reference));
  const track = postBurnTrack(sgp4, NOW + 3_600_000, [0, 0.05, 0], NOW + 3 * DAY + 7_200_000);
  const states = [];
  for (let t = NOW - 3_600_000; t <= NOW + 3 * DAY + 3_600_000; t += 60_000) {
    const s = track(t)!;
    states.push({ epoch: utcMs(t), r: s.r, v: s.v });
  }
  const oem = readOem(writeOem([{ objectName: 'TEST', objectId: '2023-001A', refFrame: 'TEME', states, interpolation: { method: 'LAGRANGE', degree: 7 } }], { creationDate: utcMs(NOW), originator: 'TEST' }));
  const job: EphemerisJob = { oem, label: 'OEM test', reference, catalogue: sets, objectTypes, windowStartMs: NOW, windowEndMs: NOW + 3 * DAY, thresholdKm: 50 };
  const whole = screenEphemerisJob(job);

  it('merged from shares in this thread or on two threads, is the result of the whole catalogue', async () => {
    expect(whole.conjunctions.length).toBeGreaterThan(20);
    for (const n of [2, 5]) expect(mergeEphemerisShares(shareCatalogue(sets, n).map((catalogue) => screenEphemerisJob({ ...job, catalogue })))).toEqual(whole);
    expect(await runEphemerisScreening(job, undefined, { threads: 2 })).toEqual(whole);
  });

  it('an ephemeris that does not cover the window is a RangeError, as on one thread', async () => {
    await expect(runEphemerisScreening({ ...job, windowEndMs: NOW + 5 * DAY }, undefined, { threads: 2 })).rejects.toThrow(RangeError);
  });

  describe('on a pool of threads kept between jobs', () => {
    const plans = screenPlan(unlisted);
    /** The requests posted to the threads: whether each carried its share of the catalogue. */
    const posted = () => {
      const post = vi.spyOn(Worker.prototype, 'postMessage');
      return () => post.mock.calls.map((c) => (c[0] as { load?: { catalogue: unknown[] } }).load?.catalogue.length ?? 0);
    };

    it('reuses the shares and SGP4 models it holds for the same catalogue version, with the results of a fresh run; another version is sent again', async () => {
      const pool = new TrackPool({ threads: 2 });
      try {
        const first: (number | null)[] = [];
        let loads = posted();
        expect(await runPlanScreening({ ...unlisted, catalogueKey: 'v1' }, undefined, { pool, onShare: (x) => first.push(x.ms.initMs) })).toEqual({ type: 'done', ...plans });
        expect(loads().sort()).toEqual([300, 300]);
        expect(first.every((ms) => ms !== null && ms > 0)).toBe(true);
        expect([pool.loads, pool.threads, pool.catalogueKey]).toEqual([1, 2, 'v1']);
        vi.restoreAllMocks();

        // The same version: the job's own fields alone, no SGP4 start; a plan, then an ephemeris, then a plan (queued together).
        loads = posted();
        const again: (number | null)[] = [];
        const [plan2, eph, plan3] = await Promise.all([
          runPlanScreening({ ...unlisted, catalogueKey: 'v1' }, undefined, { pool, onShare: (x) => again.push(x.ms.initMs) }),
          runEphemerisScreening({ ...job, catalogueKey: 'v1' }, undefined, { pool }),
          pool.runPlan({ ...unlisted, catalogueKey: 'v1' }),
        ]);
        expect(plan2).toEqual({ type: 'done', ...plans });
        expect(plan3).toEqual(plan2);
        expect(eph).toEqual(whole);
        expect(loads()).toEqual([0, 0, 0, 0, 0, 0]);
        expect(again).toEqual([0, 0]);
        expect(pool.loads).toBe(1);
        vi.restoreAllMocks();

        // A share that fails fails its job, and leaves the pool in step with its shares.
        await expect(pool.runPlan({ ...unlisted, catalogueKey: 'v1', thresholdKm: -1 })).rejects.toThrow(RangeError);
        await expect(pool.runEphemeris({ ...job, catalogueKey: 'v1', windowEndMs: NOW + 5 * DAY })).rejects.toThrow(RangeError);
        expect(await pool.runPlan({ ...unlisted, catalogueKey: 'v1' })).toEqual(plan2);
        expect(pool.loads).toBe(1);

        // Another version (a smaller catalogue): its shares are sent, and it is screened as fresh.
        const smaller = { ...unlisted, catalogue: sets.slice(0, 401), catalogueKey: 'v2' };
        loads = posted();
        expect(await pool.runPlan(smaller)).toEqual({ type: 'done', ...screenPlan(smaller) });
        expect(loads().sort()).toEqual([200, 201]);
        expect([pool.loads, pool.catalogueKey]).toEqual([2, 'v2']);
        // Without a key, every job sends its catalogue.
        await pool.runPlan(unlisted);
        await pool.runPlan(unlisted);
        expect(pool.loads).toBe(4);
        // An ephemeris sends no names: a plan after it on the same version sends the shares again, with them.
        expect(await pool.runEphemeris({ ...job, catalogueKey: 'v3' })).toEqual(whole);
        expect(await pool.runPlan({ ...unlisted, catalogueKey: 'v3' })).toEqual(plan2);
        expect(await pool.runEphemeris({ ...job, catalogueKey: 'v3' })).toEqual(whole);
        expect(pool.loads).toBe(6);
      } finally {
        await pool.close();
      }
      expect([pool.threads, pool.catalogueKey]).toEqual([0, undefined]);
    });

    it('an abort ends its threads; the next job starts new ones and loads the catalogue again', async () => {
      const pool = new TrackPool({ threads: 2 });
      try {
        await pool.runPlan({ ...unlisted, catalogueKey: 'v1', windowEndMs: NOW + DAY });
        const terminate = vi.spyOn(Worker.prototype, 'terminate');
        const controller = new AbortController();
        const started = pool.runPlan({ ...unlisted, catalogueKey: 'v1', windowEndMs: NOW + 30 * DAY }, controller.signal);
        const queued = pool.runPlan({ ...unlisted, catalogueKey: 'v1' });
        setTimeout(() => controller.abort(new Error('stop')), 200);
        await expect(started).rejects.toThrow('stop');
        expect(terminate).toHaveBeenCalledTimes(2);
        expect(await queued).toEqual({ type: 'done', ...plans });
        expect([pool.loads, pool.threads]).toEqual([2, 2]);
      } finally {
        await pool.close();
      }
    });
  });
});
