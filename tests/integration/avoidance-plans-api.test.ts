/**
 * Avoidance plans of a stored event (issue 28), on the real 2023-10-09 catalogue (26,140 objects):
 * TECHSAT 1B (25397) meets NOAA 16 DEB (41423) within 4 km on 2023-10-10 (the first of their
 * approaches core screening finds; screen-near.test.ts checks those against satellite.js). A 5 cm/s along-track burn 1.5 orbits ahead is
 * screened against the whole catalogue: the event's miss grows (CW: 3·Δv·τ ≈ 1.4 km along-track plus
 * the radial swing), every conjunction of the post-burn track is listed with its Pc and how it compares
 * with the pair without the burn; the plan is chosen by the operator, who is recorded, and the event's
 * log tells the plan requested, screened and chosen, by whom; the post-burn
 * OEM and the OPM burn summary download and read back; bad requests are 4xx; a plan a stopped server
 * left screening is marked failed at the next start.
 */
import { describe, expect, it } from 'vitest';
import { AvoidancePlan } from '../../src/contracts/avoidance.ts';
import { ConjunctionDetail } from '../../src/contracts/conjunction-events.ts';
import { readOem } from '../../src/core/ephemeris/index.ts';
import { parseElementSets } from '../../src/core/elements/index.ts';
import { createSgp4 } from '../../src/core/propagation/index.ts';
import { screen } from '../../src/core/screening/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { useTestApp } from './support/app.ts';
import { CATALOG_2023, hasReference, readReference } from './support/reference.ts';

const present = hasReference('avoidance-plans-api', CATALOG_2023);
const server = useTestApp({
  name: 'avoidance-plans',
  env: { DEMO_CATALOG: 'off', SCREENING: 'off' },
  async prepare(ctx) {
    if (!present) return;
    await ctx.services.catalog.initialise(new Date());
    await ctx.services.catalog.importElementSets(readReference(CATALOG_2023), { source: 'import', label: '2023-10-09' }, new Date());
  },
});

describe.skipIf(!present)('avoidance plans', () => {
  const conjunctionId = 'CNJ-2023-001';
  let tcaMs = 0;

  it('stores the event of TECHSAT 1B and NOAA 16 DEB as screening finds it', async () => {
    const sets = parseElementSets(readReference(CATALOG_2023)).sets.filter((s) => s.norad === 25397 || s.norad === 41423);
    const [a, b] = sets.map((set) => ({ norad: set.norad, model: createSgp4(set) }));
    const found = screen({ primaries: [a!], secondaries: [b!], window: { start: utcMs(Date.UTC(2023, 9, 9)), end: utcMs(Date.UTC(2023, 9, 15)) }, thresholdKm: 10 }).approaches[0]!;
    tcaMs = found.tca;
    const repos = server.ctx.repositories;
    const now = new Date();
    const tca = new Date(found.tca);
    const runId = await repos.screeningRuns.start({ reason: 'test', startedAt: now, windowStart: now, windowEnd: tca, thresholdKm: 5, catalogVersion: 'test', primaries: 1, objects: 2, pairs: 1 });
    const values = { tca, missKm: found.missDistanceKm, radialKm: found.missRtnKm.radial, inTrackKm: found.missRtnKm.inTrack, crossTrackKm: found.missRtnKm.crossTrack, relativeVelocityKmS: found.relativeSpeedKmS, pc: 1e-6, maxPc: 1e-5, riskLevel: 'medium', pc2d: 1e-6, pc3d: null, pcMethod: 'pc2d' };
    await repos.conjunctionEvents.applyRun({
      runId,
      created: [
        {
          event: { conjunctionId, primaryNorad: 25397, secondaryNorad: 41423, ...values, source: 'screening', status: 'open', closeReason: null, firstDetected: now, lastUpdated: now, lastRunId: runId, details: {}, cdmKvn: null, cdmGeneratedAt: null },
          update: { at: now, tca, missKm: found.missDistanceKm, pc: 1e-6, maxPc: 1e-5, riskLevel: 'medium', sigmaM: null, source: 'screening', pcMethod: 'pc2d' },
        },
      ],
      updated: [],
      closed: [],
      events: [],
    });
    expect(found.missDistanceKm).toBeGreaterThan(3.9);
    expect(found.missDistanceKm).toBeLessThan(4);
  });

  it('screens a plan against the whole catalogue, and the operator chooses it', async () => {
    const url = `/api/conjunctions/${conjunctionId}/plans`;
    const period = 86_400 / 14.23921734;
    const res = await server.app.inject({ method: 'POST', url, payload: { leadS: 1.5 * period, dvRtnMps: [0, 0.05, 0], thresholdKm: 25, windowDays: 3 } });
    expect(res.statusCode, res.body).toBe(202);
    const started = AvoidancePlan.parse(res.json());
    expect(started).toMatchObject({ conjunctionId, status: 'screening', createdBy: server.ctx.config.OPERATOR_LABEL, thresholdKm: 25, targetPc: 1e-4 });
    expect(Date.parse(started.burn.epoch)).toBeCloseTo(tcaMs - 1.5 * period * 1000, -1);
    await server.ctx.services.plans.settled();
    const [plan] = (await server.app.inject({ method: 'GET', url })).json() as AvoidancePlan[];
    expect(plan!.status, plan!.error ?? '').toBe('screened');
    // The event's alert change (issue 29), written with the outcome: the notifications' "a plan screened".
    const event = await server.ctx.repositories.conjunctionEvents.byConjunctionId(conjunctionId);
    const changes = (await server.ctx.repositories.alertChanges.ofEvent(event!.id)).filter((c) => c.kind === 'plan_screened');
    expect(changes.map((c) => [c.planId, c.actor, c.reason, c.dispatchedAt])).toEqual([[plan!.id, null, `plan ${plan!.id} screened: ${plan!.acceptable ? 'acceptable' : 'not acceptable'}`, null]]);
    const r = plan!.result!;
    // The event after the burn: moved from the 3.9 km before (CW along-track drift 3·Δv·τ ≈ 1.4 km, radial ±2Δv/n).
    expect(r.event.before.missKm).toBeCloseTo(3.94, 1);
    expect(r.event.after).not.toBeNull();
    expect(Math.abs(r.event.after!.missKm - r.event.before.missKm)).toBeGreaterThan(0.3);
    expect(r.maxDeviationKm).toBeGreaterThan(1);
    // Every conjunction within 25 km over 3 days, each with its Pc and how it compares without the burn.
    expect(r.conjunctions.length).toBeGreaterThan(0);
    for (const c of r.conjunctions) {
      expect(c.missKm).toBeLessThan(25);
      expect(['new', 'worse', 'better', 'same']).toContain(c.change);
      if (c.change !== 'new') expect(c.before).not.toBeNull();
    }
    console.log(`[avoidance-plans] ${r.conjunctions.length} conjunctions: ${['new', 'worse', 'better', 'same'].map((k) => `${r.conjunctions.filter((c) => c.change === k).length} ${k}`).join(', ')}; event ${r.event.before.missKm.toFixed(3)} → ${r.event.after!.missKm.toFixed(3)} km; deviation bound ${r.maxDeviationKm.toFixed(1)} km`);
    expect(typeof plan!.acceptable).toBe('boolean');
    expect(plan!.reason).toMatch(plan!.acceptable ? /^Acceptable: / : /^Not acceptable: /);

    const chosen = await server.app.inject({ method: 'POST', url: `${url}/${plan!.id}/decision`, payload: { decision: 'chosen' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const decided = AvoidancePlan.parse(chosen.json());
    expect(decided).toMatchObject({ status: 'chosen', decidedBy: server.ctx.config.OPERATOR_LABEL });
    expect((await server.app.inject({ method: 'POST', url: `${url}/${plan!.id}/decision`, payload: { decision: 'discarded' } })).statusCode).toBe(409);

    // The event's log: detected by screening, then the plan requested and chosen by the operator, screened by the system.
    const detailRes = await server.app.inject({ method: 'GET', url: `/api/conjunctions/${conjunctionId}` });
    expect(detailRes.statusCode, detailRes.body).toBe(200);
    const { log } = ConjunctionDetail.parse(detailRes.json());
    expect(log[0]).toMatchObject({ kind: 'detected', actor: null, planId: null, text: expect.stringMatching(/^First detected by screening: miss 3\.9\d* km, Pc 1\.00e-6 \(medium\)$/) });
    const operator = server.ctx.config.OPERATOR_LABEL;
    expect(log.filter((e) => e.planId === plan!.id)).toEqual([
      { at: plan!.createdAt, kind: 'plan_requested', actor: operator, planId: plan!.id, text: `Plan ${plan!.id} requested: burn at ${plan!.burn.epoch.slice(0, 19).replace('T', ' ')} UTC, Δv RTN (0, +0.05, 0) m/s` },
      { at: plan!.screenedAt, kind: 'plan_screened', actor: null, planId: plan!.id, text: expect.stringMatching(new RegExp(`^Plan ${plan!.id} screened: ${plan!.acceptable ? 'acceptable' : 'not acceptable'}\\. [A-Z]`)) },
      { at: decided.decidedAt, kind: 'plan_chosen', actor: operator, planId: plan!.id, text: `Plan ${plan!.id} chosen` },
    ]);
    expect(log.map((e) => e.at)).toEqual(log.map((e) => e.at).sort());

    // The downloads: the OEM reads back (TEME, 60 s, the window), the OPM carries the burn in RTN km/s.
    const oem = await server.app.inject({ method: 'GET', url: plan!.oemUrl });
    expect(oem.statusCode).toBe(200);
    const segment = readOem(oem.body).segments[0]!;
    expect(segment.metadata.REF_FRAME).toBe('TEME');
    expect(segment.states.length).toBeGreaterThan(3 * 1440 - 2);
    expect(segment.states[1]!.epoch - segment.states[0]!.epoch).toBe(60_000);
    const opm = await server.app.inject({ method: 'GET', url: plan!.opmUrl });
    expect(opm.body).toMatch(/^CCSDS_OPM_VERS = 2\.0$/m);
    expect(opm.body).toMatch(/^MAN_REF_FRAME = RTN$/m);
    expect(opm.body).toMatch(/^MAN_DV_2 = 0\.000050000000$/m);
  }, 300_000);

  it('refuses bad plans with 4xx, and marks a plan a stopped server left screening as failed', async () => {
    const url = `/api/conjunctions/${conjunctionId}/plans`;
    for (const payload of [{}, { leadS: 0, dvRtnMps: [0, 1, 0] }, { leadS: 100, dvRtnMps: [0, 1] }, { leadS: 100, dvRtnMps: [0, 11, 0] }, { leadS: 100, dvRtnMps: [0, 1, 0], extra: 1 }]) {
      expect((await server.app.inject({ method: 'POST', url, payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await server.app.inject({ method: 'POST', url: '/api/conjunctions/CNJ-1999-999/plans', payload: { leadS: 100, dvRtnMps: [0, 1, 0] } })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `${url}/999/oem` })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: `${url}/abc/decision`, payload: { decision: 'chosen' } })).statusCode).toBe(400);
    // A plan left 'screening' (as a kill -9 would leave it) is failed, with the reason, by recover().
    const event = (await server.ctx.repositories.conjunctionEvents.byConjunctionId(conjunctionId))!;
    const [plan] = await server.ctx.repositories.conjunctionPlans.byEvent(event.id);
    const left = await server.ctx.repositories.conjunctionPlans.insert({ ...plan!, status: 'screening', result: null, acceptable: null, reason: null, decidedAt: null, decidedBy: null, screenedAt: null, id: undefined } as never);
    // (The plan just inserted, and the ones the 4xx requests above never made: only this one is left screening.)
    expect(await server.ctx.services.plans.recover()).toBe(1);
    const failed = (await server.ctx.services.plans.list(conjunctionId)).find((p) => p.id === left.id)!;
    expect(failed).toMatchObject({ status: 'failed', error: 'Interrupted: the server stopped while the plan was being screened; screen it again' });
    // The event's log tells it: the system failed it, with the error.
    const { log } = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${conjunctionId}` })).json());
    expect(log.filter((e) => e.planId === left.id).map((e) => [e.kind, e.actor])).toEqual([
      ['plan_requested', plan!.createdBy],
      ['plan_failed', null],
    ]);
    expect(log.find((e) => e.planId === left.id && e.kind === 'plan_failed')!.text).toBe(`Plan ${left.id} could not be screened: ${failed.error}`);
  });
});
