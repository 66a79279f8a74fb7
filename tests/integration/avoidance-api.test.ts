/**
 * The avoidance trade space of a stored event (issue 28): POST /api/conjunctions/{id}/avoidance on a
 * real CARA CDM imported through the API (TERRA vs 37558, Pc 2.12e-2) starts a job on a worker
 * thread; GET gives the grid and the minimum-Δv curves. The grid's first column holds the event's Pc
 * at the smallest burn and larger along-track burns lower it; each minimum Δv reaches its target.
 * Bad ids and bodies are 4xx; an analysis in progress is returned as it is.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { AvoidanceAnalysis } from '../../src/contracts/avoidance.ts';
import { CdmImportResponse } from '../../src/contracts/conjunction-events.ts';
import { useTestApp } from './support/app.ts';
import { CARA_CDM_DIR } from '../reference/index.ts';

const server = useTestApp({ name: 'avoidance', env: { DEMO_CATALOG: 'off', SCREENING: 'off' } });
const MESSAGE = '000025994_conj_000037558_20210324_151047_20210323_154356';

describe('the avoidance trade space of a stored event', () => {
  let conjunctionId = '';
  beforeAll(async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/cdm/import?name=terra.cdm', headers: { 'content-type': 'text/plain' }, payload: readFileSync(`${CARA_CDM_DIR}${MESSAGE}.cdm`, 'utf8') });
    expect(res.statusCode).toBe(200);
    conjunctionId = CdmImportResponse.parse(res.json()).imported[0]!.conjunctionId;
  }, 60_000);

  it('runs in the background and gives the grid and the minimum-Δv curves', async () => {
    const url = `/api/conjunctions/${conjunctionId}/avoidance`;
    expect((await server.app.inject({ method: 'GET', url })).json()).toBeNull();
    const started = await server.app.inject({ method: 'POST', url, payload: { leadSteps: 6, dvSteps: 8, maxDvMps: 0.2, maxLeadOrbits: 2, targets: [1e-4, 1e-6] } });
    expect(started.statusCode).toBe(202);
    const first = AvoidanceAnalysis.parse(started.json());
    expect(first).toMatchObject({ conjunctionId, status: 'running', tca: '2021-03-24T15:10:47.417Z', pcMethod: 'pc2d', result: null });
    expect(first.pc).toBeCloseTo(0.0212, 3);
    expect(first.request).toMatchObject({ leadSteps: 6, dvSteps: 8, direction: 'T', minLeadS: 600, targets: [1e-4, 1e-6] });
    let a = first;
    for (let i = 0; i < 600 && a.status === 'running'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      a = AvoidanceAnalysis.parse((await server.app.inject({ method: 'GET', url })).json());
    }
    expect(a.status, a.error ?? '').toBe('completed');
    const r = a.result!;
    expect(r.leadTimesS).toHaveLength(6);
    expect(r.leadTimesS[0]).toBe(600);
    expect(r.dvMagnitudesMps).toEqual([0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.175, 0.2]);
    expect(r.pc).toHaveLength(6);
    // Two orbits ahead, 0.2 m/s along-track takes the pair kilometres apart (CW: 3·Δv·τ ≈ 7 km).
    expect(r.pc[5]![7]!).toBeLessThan(1e-10);
    expect(r.missM[5]![7]!).toBeGreaterThan(1000);
    expect(r.minimumDv).toHaveLength(12);
    for (const m of r.minimumDv) if (m.dvMps !== null) expect(m.pc!).toBeLessThanOrEqual(m.targetPc);
  }, 90_000);

  it('answers 404 for an unknown event and 400 for a bad id or body', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/conjunctions/CNJ-1999-999/avoidance', payload: {} })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/conjunctions/CNJ-1999-999/avoidance' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/api/conjunctions/bogus/avoidance', payload: {} })).statusCode).toBe(400);
    for (const payload of [{ maxDvMps: 0 }, { leadSteps: 0 }, { leadSteps: 500 }, { direction: 'up' }, { targets: [2] }, { extra: 1 }, { minLeadS: 800_000, maxLeadOrbits: 1 }]) {
      const res = await server.app.inject({ method: 'POST', url: `/api/conjunctions/${conjunctionId}/avoidance`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
