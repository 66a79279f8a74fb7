/**
 * A fleet object's operator ephemeris used by the screening in place of its element set (issue 28,
 * item 3). TECHSAT 1B (25397, a fleet object here) meets NOAA 16 DEB (41423) at 3.94 km on
 * 2023-10-10 (the 2023-10-09 catalogue's element sets; screen-near.test.ts checks the approach
 * against satellite.js). An OEM of TECHSAT 1B is stored (its SGP4 states every 60 s, TEME, with an
 * RTN covariance of 1.5 km / 15 km / 1.5 km); then:
 * - the fleet screening's conjunction of the pair is the ephemeris', with the OEM's covariance for
 *   the primary (so a Pc of ~1e-6 instead of the element-set model's), and the event's detail says
 *   the primary's trajectory was that ephemeris;
 * - an SST analysis over the same window says primary_track 'ephemeris' and names the covariance;
 * - a window the ephemeris does not cover whole is screened on the element set, as before;
 * - an avoidance plan of the event is made on the newest ephemeris covering it (one 100 m above the
 *   element set's track): the plan says so, and its post-burn OEM and OPM start from that ephemeris.
 */
import { describe, expect, it } from 'vitest';
import { ConjunctionDetail } from '../../src/contracts/conjunction-events.ts';
import type { AvoidancePlan } from '../../src/contracts/avoidance.ts';
import { SstResult } from '../../src/contracts/conjunctions.ts';
import { parseElementSets } from '../../src/core/elements/index.ts';
import { readOem, writeOem } from '../../src/core/ephemeris/index.ts';
import { createSgp4, propagateAt } from '../../src/core/propagation/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { useTestApp } from './support/app.ts';
import { TECHSAT_PAIR_3LE } from '../../src/core/screening/techsat-pair.test-support.ts';

const CATALOG = TECHSAT_PAIR_3LE;
const DAY = 86_400_000;
const NOW = Date.UTC(2023, 9, 9);
/** The OEM covers the fleet screening's 7-day window from NOW, and an hour either side. */
const OEM_START = NOW - 3_600_000;
const OEM_END = NOW + 7 * DAY + 3_600_000;

const techsat = createSgp4(parseElementSets(CATALOG).sets[0]!);

/** TECHSAT 1B's SGP4 state at t, TEME km and km/s, `radialKm` above it. */
function techsatAt(t: number, radialKm = 0): { r: [number, number, number]; v: [number, number, number] } {
  const s = propagateAt(techsat, utcMs(t));
  if (!s.ok) throw new Error(s.message);
  const k = 1 + radialKm / Math.hypot(s.r[0], s.r[1], s.r[2]);
  return { r: [s.r[0] * k, s.r[1] * k, s.r[2] * k], v: [s.v[0], s.v[1], s.v[2]] };
}

/** The OEM of TECHSAT 1B: SGP4 every 60 s (`radialKm` above it) up to `endMs`, created `creationMs`. */
function oem(radialKm = 0, creationMs = NOW - DAY, endMs = OEM_END): string {
  const states = [];
  for (let t = OEM_START; t <= endMs; t += 60_000) states.push({ epoch: utcMs(t), ...techsatAt(t, radialKm) });
  const text = writeOem([{ objectName: 'TECHSAT 1B', objectId: '1998-043D', refFrame: 'TEME', states, interpolation: { method: 'LAGRANGE', degree: 7 } }], { creationDate: utcMs(creationMs), originator: 'ISA OPS' });
  const rows = ['2.25', '0 225', '0 0 2.25', '0 0 0 1.0e-8', '0 0 0 0 1.0e-6', '0 0 0 0 0 1.0e-8'];
  const blocks = ['COVARIANCE_START'];
  for (let t = OEM_START; t <= endMs; t += 6 * 3_600_000) blocks.push(`EPOCH = ${new Date(t).toISOString().replace('Z', '')}`, 'COV_REF_FRAME = RTN', ...rows);
  blocks.push('COVARIANCE_STOP');
  return `${text.trimEnd()}\n${blocks.join('\n')}\n`;
}

const server = useTestApp({
  name: 'ephemeris-screening',
  env: { DEMO_CATALOG: 'off', SCREENING: 'off', FLEET_NORAD_IDS: '25397', FLEET_OWNERS: '' },
  async prepare(ctx) {
    await ctx.services.catalog.initialise(new Date(NOW));
    await ctx.services.catalog.importElementSets(CATALOG, { source: 'import', label: '2023-10-09 (two objects)' }, new Date(NOW));
  },
});

describe('the screening on an operator ephemeris', () => {
  let ephemerisId = 0;
  let conjunctionId = '';

  it('stores the OEM of a fleet object', async () => {
    const stored = await server.ctx.services.ephemerides.import(oem(), 'techsat-ops.oem', 'ops', new Date(NOW));
    expect(stored).toMatchObject({ noradId: 25397, duplicate: false, covariances: 29 });
    ephemerisId = stored.id;
  });

  it('screens the fleet on the ephemeris, and the event says so', async () => {
    const outcome = await server.ctx.services.operations.runNow('manual', new Date(NOW));
    expect(outcome).toMatchObject({ status: 'completed' });
    const list = await server.app.inject({ method: 'GET', url: '/api/conjunctions?status=all&limit=100' });
    expect(list.statusCode).toBe(200);
    const item = (list.json() as { items: { conjunctionId: string; primaryObject: { noradId: number }; secondaryObject: { noradId: number }; missDistance: number }[] }).items.find(
      (c) => c.primaryObject.noradId === 25397 && c.secondaryObject.noradId === 41423,
    );
    expect(item).toBeDefined();
    conjunctionId = item!.conjunctionId;
    // The OEM is SGP4 sampled at 60 s: the same 3.94 km miss, to the interpolation's metres.
    expect(item!.missDistance).toBeGreaterThan(3_930);
    expect(item!.missDistance).toBeLessThan(3_950);
    const res = await server.app.inject({ method: 'GET', url: `/api/conjunctions/${item!.conjunctionId}` });
    const detail = ConjunctionDetail.parse(res.json());
    expect(detail.primaryObject.trajectory).toMatchObject({ source: 'ephemeris', ephemerisId });
    expect(detail.primaryObject.trajectory.description).toMatch(/^Operator ephemeris #\d+ \(techsat-ops\.oem\), screened in place of the element set/);
    expect(detail.primaryObject.covarianceSource).toBe(`Operator ephemeris #${ephemerisId} (techsat-ops.oem) (primary), element-set model (secondary)`);
    expect(detail.secondaryObject.trajectory.source).toBe('element_set');
    // 15 km in-track and 1.5 km radial and cross-track at a 3.94 km miss (screen-ephemeris.test.ts checks the same Pc by quadrature).
    expect(detail.collisionProbability).toBeGreaterThan(1e-7);
    expect(detail.collisionProbability).toBeLessThan(1e-5);
  }, 120_000);

  it('screens an SST analysis on the ephemeris where it covers the window, on the element set where not', async () => {
    const analyse = async (start: number, end: number) => {
      const res = await server.app.inject({ method: 'POST', url: '/api/conjunctions/analyze-selected', payload: { satellite_ids: [25397], start: new Date(start).toISOString(), end: new Date(end).toISOString(), threshold: '10' } });
      expect(res.statusCode).toBe(200);
      return SstResult.parse(res.json()).conjunctions.filter((c) => c.secondary_id === 41423);
    };
    const covered = await analyse(NOW, NOW + 6 * DAY);
    expect(covered.length).toBeGreaterThan(0);
    for (const c of covered) {
      expect(c.primary_track).toBe('ephemeris');
      expect(c.primary_ephemeris_id).toBe(ephemerisId);
      expect(c.covariance_source).toMatch(/^Operator ephemeris #\d+ \(techsat-ops\.oem\) \(primary\)/);
    }
    // From a day before the ephemeris starts: not covered, so the element set, and the same approach.
    const earlier = await analyse(NOW - DAY, NOW + 6 * DAY);
    expect(earlier).toHaveLength(covered.length);
    earlier.forEach((c, i) => expect(Math.abs(Date.parse(c.tca) - Date.parse(covered[i]!.tca))).toBeLessThan(100));
    for (const c of earlier) {
      expect(c.primary_track).toBe('element_set');
      expect(c.primary_ephemeris_id).toBeNull();
      expect(c.covariance_source).toBe('default');
    }
  }, 120_000);

  it('plans a burn on the newest ephemeris that covers it, and writes the post-burn OEM from it', async () => {
    // A newer ephemeris 100 m above the element set's track, over four days: the plan must be made on it, not on SGP4.
    const raisedEnd = NOW + 4 * DAY;
    const shifted = await server.ctx.services.ephemerides.import(oem(0.1, NOW - DAY / 2, raisedEnd), 'techsat-raised.oem', 'ops', new Date(NOW));
    const period = 86_400 / 14.23921734;
    const url = `/api/conjunctions/${conjunctionId}/plans`;
    const res = await server.app.inject({ method: 'POST', url, payload: { leadS: 1.5 * period, dvRtnMps: [0, 0.05, 0], thresholdKm: 10, windowDays: 7 } });
    expect(res.statusCode, res.body).toBe(202);
    await server.ctx.services.plans.settled();
    const [plan] = (await server.app.inject({ method: 'GET', url })).json() as AvoidancePlan[];
    expect(plan!.status, plan!.error ?? '').toBe('screened');
    expect(plan!.reference).toEqual({ source: 'ephemeris', ephemerisId: shifted.id });
    // Seven days from the burn would run past the ephemeris: the window ends an hour before it does.
    expect(Date.parse(plan!.window.end)).toBe(raisedEnd - 3_600_000);
    expect(plan!.result!.event.after).not.toBeNull();
    // The post-burn OEM starts at the burn on the raised ephemeris: 100 m above SGP4, to the interpolation's millimetres.
    const oemRes = await server.app.inject({ method: 'GET', url: plan!.oemUrl });
    expect(oemRes.statusCode).toBe(200);
    expect(oemRes.body).toMatch(new RegExp(`^COMMENT The operator ephemeris #${shifted.id} plus the burn effect`, 'm'));
    const first = readOem(oemRes.body).segments[0]!.states[0]!;
    const burnMs = Date.parse(plan!.burn.epoch);
    expect(first.epoch).toBe(burnMs);
    const raised = techsatAt(burnMs, 0.1);
    const plain = techsatAt(burnMs);
    expect(Math.hypot(...first.r.map((x, i) => x - raised.r[i]!))).toBeLessThan(1e-3);
    expect(Math.hypot(...first.r.map((x, i) => x - plain.r[i]!))).toBeGreaterThan(0.099);
    // The OPM's state at the burn is the ephemeris' too.
    const opm = await server.app.inject({ method: 'GET', url: plan!.opmUrl });
    expect(Number(/^X = (\S+)$/m.exec(opm.body)![1])).toBeCloseTo(raised.r[0], 5);
  }, 180_000);
});
