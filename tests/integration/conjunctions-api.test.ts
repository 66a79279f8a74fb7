import { json2satrec, propagate } from 'satellite.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisJob, SstResult } from '../../src/contracts/conjunctions.ts';
import { readCdm } from '../../src/core/cdm/index.ts';
import { decodeAlpha5 } from '../../src/core/elements/index.ts';
import { initialiseCatalog, useTestApp } from './support/app.ts';

// SST analyses through the HTTP API on the 50,000-object demo catalogue.
const start = new Date(Date.now() + 3_600_000).toISOString();
const end = new Date(Date.now() + 49 * 3_600_000).toISOString();
// OFEQ-13, EROS C3, VENUS: retrograde and sun-synchronous LEO, through the busiest shells.
const PRIMARIES = [190013, 54880, 42901];

const server = useTestApp({ name: 'sst', prepare: initialiseCatalog });

const analyze = (body: object, query = '') =>
  server.app.inject({ method: 'POST', url: `/api/conjunctions/analyze-selected${query}`, payload: { satellite_ids: PRIMARIES, start, end, threshold: '5.0', ...body } });

describe('POST /api/conjunctions/analyze-selected: bad requests', () => {
  it.each([
    [{ satellite_ids: [] }, 'satellite_ids: select at least one satellite'],
    [{ satellite_ids: [999999] }, 'satellite_ids: not in the catalogue: 999999'],
    [{ start: 'tomorrow' }, "start: 'tomorrow' is not an ISO 8601 date-time (e.g. 2026-11-21T12:00:00Z)"],
    [{ end: start }, 'end: must be after start'],
    [{ end: new Date(Date.now() + 9 * 86_400_000).toISOString() }, 'end: the window may be at most 7 days long'],
    [{ threshold: 'five' }, "threshold: 'five' is not a number of kilometres"],
    [{ threshold: '-1' }, "threshold: '-1' is not a number of kilometres"],
    [{ threshold: '0' }, 'threshold: must be greater than 0 km'],
  ])('%j → 400', async (change, message) => {
    const res = await analyze(change);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('names a missing field', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/conjunctions/analyze-selected', payload: { satellite_ids: [190013], start } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body\.end/);
  });
});

describe('an analysis of a window the element sets are too old for (issue 30)', () => {
  it('screens nothing and lists every set as stale with its age, oldest first, the primaries among them', async () => {
    // The demo's epochs are within days before now: 40 days on, every set is more than 30 days old.
    const from = Date.now() + 40 * 86_400_000;
    const res = await analyze({ start: new Date(from).toISOString(), end: new Date(from + 6 * 3_600_000).toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const result = SstResult.parse(res.json());
    expect(result.conjunctions).toEqual([]);
    const stale = result.stale_objects!;
    expect(stale).toHaveLength(server.ctx.services.screening.catalogVersion().sets.length);
    const sets = new Map([...server.ctx.services.catalog.all()].map((e) => [e.object.noradId, e.set]));
    for (const id of PRIMARIES) {
      const s = stale.find((o) => decodeAlpha5(o.norad) === id)!; // ids over 99999 in Alpha-5, as the conjunctions'
      expect(s.name).toBe(server.ctx.services.catalog.entry(id)!.object.name);
      expect(s.epoch).toBe(new Date(sets.get(id)!.epoch).toISOString());
      expect(s.age_days).toBeCloseTo((from - sets.get(id)!.epoch) / 86_400_000, 1);
      expect(s.age_days).toBeGreaterThan(30);
      expect(s.primary).toBe(true);
    }
    expect(stale.filter((s) => s.primary)).toHaveLength(PRIMARIES.length);
    expect(stale.map((s) => s.age_days)).toEqual([...stale.map((s) => s.age_days)].sort((a, b) => b - a));
  }, 120_000);
});

describe('an analysis of three fleet satellites over 48 h at 5 km', () => {
  let result: SstResult;
  beforeAll(async () => {
    const res = await analyze({});
    expect(res.statusCode).toBe(200);
    result = SstResult.parse(res.json());
  }, 120_000);

  it('screens the whole catalogue and finds close approaches inside the window and threshold', () => {
    expect(result.total_objects).toBe(50_000);
    expect(result.stale_objects).toEqual([]); // the demo's sets are days old
    expect(result.conjunctions.length).toBeGreaterThan(0);
    for (const c of result.conjunctions) {
      expect(PRIMARIES).toContain(c.primary_id);
      expect(c.miss_distance_km).toBeLessThanOrEqual(5);
      expect(Date.parse(c.tca)).toBeGreaterThanOrEqual(Date.parse(start));
      expect(Date.parse(c.tca)).toBeLessThanOrEqual(Date.parse(end));
      expect(c.tca).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Math.hypot(c.radial_km, c.in_track_km, c.cross_track_km)).toBeCloseTo(c.miss_distance_km, 6);
    }
  });

  it('puts every TCA at a true minimum of the distance that satellite.js computes independently (1 m)', () => {
    // The demo's epochs are whole milliseconds, finer than a TLE's 0.864 ms step:
    // give satellite.js the elements as OMM so both start from the same epoch.
    const satrec = (id: number) => {
      const s = server.ctx.services.catalog.entry(id)?.set;
      if (!s) throw new Error(`no entry ${id}`);
      return json2satrec({
        OBJECT_NAME: s.name ?? '',
        OBJECT_ID: s.cosparId ?? '',
        EPOCH: new Date(s.epoch).toISOString().replace('Z', ''),
        MEAN_MOTION: s.meanMotion,
        ECCENTRICITY: s.eccentricity,
        INCLINATION: s.inclination,
        RA_OF_ASC_NODE: s.raan,
        ARG_OF_PERICENTER: s.argPerigee,
        MEAN_ANOMALY: s.meanAnomaly,
        NORAD_CAT_ID: s.norad,
        ELEMENT_SET_NO: s.elementSetNo,
        REV_AT_EPOCH: s.revAtEpoch,
        BSTAR: s.bstar,
        MEAN_MOTION_DOT: s.meanMotionDot,
        MEAN_MOTION_DDOT: s.meanMotionDdot,
      });
    };
    const distance = (a: ReturnType<typeof satrec>, b: ReturnType<typeof satrec>, t: number) => {
      const pa = propagate(a, new Date(t));
      const pb = propagate(b, new Date(t));
      if (!pa || !pb) throw new Error('satellite.js failed');
      return Math.hypot(pa.position.x - pb.position.x, pa.position.y - pb.position.y, pa.position.z - pb.position.z);
    };
    for (const c of result.conjunctions.slice(0, 25)) {
      const a = satrec(c.primary_id);
      const b = satrec(c.secondary_id);
      const t = Date.parse(c.tca);
      expect(Math.abs(distance(a, b, t) - c.miss_distance_km)).toBeLessThan(0.001);
      expect(distance(a, b, t - 1000)).toBeGreaterThan(c.miss_distance_km);
      expect(distance(a, b, t + 1000)).toBeGreaterThan(c.miss_distance_km);
    }
  });

  it('rates risk from Pc with the thresholds of DECISIONS.md §5', () => {
    for (const c of result.conjunctions) {
      const p = c.collision_probability;
      const level = p >= 1e-4 ? 'critical' : p >= 1e-5 ? 'high' : p >= 1e-7 ? 'medium' : 'low';
      expect(c.risk_level).toBe(level);
      expect(c.max_collision_probability).toBeGreaterThan(0);
    }
  });

  it('serves a CCSDS CDM of each conjunction in KVN and XML that reads back with the same geometry', async () => {
    const c = result.conjunctions[0]!;
    const kvn = await server.app.inject({ url: c.cdm_url });
    expect(kvn.statusCode).toBe(200);
    expect(kvn.headers['content-disposition']).toContain(`conjunction-${c.id}.cdm`);
    const fromKvn = readCdm(kvn.body);
    expect(fromKvn.relative.missDistanceM).toBeCloseTo(c.miss_distance_km * 1000, 3);
    expect(fromKvn.object1.metadata.refFrame).toBe('EME2000');
    const xml = await server.app.inject({ url: `${c.cdm_url}?format=xml` });
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    expect(readCdm(xml.body).relative.tca).toBe(fromKvn.relative.tca);
    expect((await server.app.inject({ url: '/api/conjunctions/cdm/nosuch-1' })).statusCode).toBe(404);
  });
});

describe('progress', () => {
  it('streams the real stages in order as server-sent events, then the result', async () => {
    const started = await analyze({ satellite_ids: [190016] }, '?async=1');
    expect(started.statusCode).toBe(202);
    const { job_id } = AnalysisJob.parse(started.json());
    const stream = await server.app.inject({ url: `/api/conjunctions/jobs/${job_id}/events` });
    expect(stream.headers['content-type']).toMatch(/text\/event-stream/);
    const events = stream.body
      .trim()
      .split('\n\n')
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return { event: eventLine?.slice(7), job: AnalysisJob.parse(JSON.parse(dataLine?.slice(6) ?? '{}')) };
      });
    const order = ['prepare', 'tle', 'orbits', 'detect', 'risk', 'results'];
    const steps = events.map((e) => order.indexOf(e.job.step));
    expect(steps).toEqual([...steps].sort((x, y) => x - y));
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.job).toMatchObject({ status: 'completed', fraction: 1 });
    expect(done?.job.result?.total_objects).toBe(50_000);
    expect((await server.app.inject({ url: `/api/conjunctions/jobs/${job_id}` })).json()).toMatchObject({ status: 'completed' });
  }, 60_000);

  it('cancels a running analysis', async () => {
    const started = await analyze({ satellite_ids: [190016, 190013, 190011, 190009, 190101], end: new Date(Date.now() + 6 * 86_400_000).toISOString(), threshold: '50' }, '?async=1');
    const { job_id } = started.json();
    const cancelled = await server.app.inject({ method: 'DELETE', url: `/api/conjunctions/jobs/${job_id}` });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await server.app.inject({ url: '/api/conjunctions/jobs/nosuch' })).statusCode).toBe(404);
  }, 60_000);
});

// Issue 30 item 3: a synchronous analysis is tied to its request.
describe('a synchronous analysis', () => {
  const long = { satellite_ids: [190016, 190013, 190011, 190009, 190101], end: new Date(Date.now() + 6 * 86_400_000).toISOString(), threshold: '50' };
  /** Starts analyses as the route does, and hands over the first one's id. */
  const nextJobId = () =>
    new Promise<string>((resolve) => {
      const jobs = server.ctx.services.analyses;
      const start = jobs.start.bind(jobs);
      jobs.start = (request) => {
        jobs.start = start;
        const state = start(request);
        resolve(state.job.job_id);
        return state;
      };
    });

  it('is cancelled when its client goes away', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const id = nextJobId();
    const controller = new AbortController();
    const request = fetch(`${address}/api/conjunctions/analyze-selected`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ start, ...long }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    const jobId = await id;
    expect(server.ctx.services.analyses.get(jobId)?.status).toBe('running');
    controller.abort();
    expect(await request).toBeInstanceOf(Error);
    const ended = await server.ctx.services.analyses.wait(jobId);
    expect(ended).toMatchObject({ status: 'cancelled' });
  }, 60_000);

  it('answers 503 with Retry-After when a shutdown cancels it', async () => {
    const id = nextJobId();
    const response = analyze(long);
    await id;
    await server.ctx.services.analyses.stop();
    const res = await response;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: 'The analysis was cancelled because the server is stopping; send it again' });
  }, 60_000);
});
