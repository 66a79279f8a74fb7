/**
 * The Monte Carlo check of a stored event (issue 27): POST /api/conjunctions/{id}/monte-carlo starts
 * a background job on a real CARA CDM imported through the API, GET shows its progress and then its
 * Pc, whose 95 % interval must hold CARA's own SDMC value for the event (pc_cases.json); bad ids and
 * bodies are 4xx, an event's check in progress is returned as it is, and the event is unchanged
 * where its method choice does not call for a Monte Carlo. Where it does (TROPICS PATHFINDER vs
 * LINCS, 3D-Nc offset), the finished check becomes the event's Pc, method 'sdmc', with a history point.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CdmImportResponse, ConjunctionDetail, MonteCarloCheck } from '../../src/contracts/conjunction-events.ts';
import { useTestApp } from './support/app.ts';
import { CARA_CDM_DIR, PC_CASES_JSON } from '../reference/index.ts';

const server = useTestApp({ name: 'monte-carlo-check', env: { DEMO_CATALOG: 'off', SCREENING: 'off' } });
const MESSAGE = '000025994_conj_000037558_20210324_151047_20210323_154356';
const expected = (JSON.parse(readFileSync(PC_CASES_JSON, 'utf8')) as { cases: { id: string; expected: Record<string, unknown> }[] }).cases.find((c) => c.id === `cara_cdm_${MESSAGE}`)!.expected;

describe('the Monte Carlo check of a stored event', () => {
  let conjunctionId = '';
  beforeAll(async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/cdm/import?name=cara.cdm', headers: { 'content-type': 'text/plain' }, payload: readFileSync(`${CARA_CDM_DIR}${MESSAGE}.cdm`, 'utf8') });
    expect(res.statusCode).toBe(200);
    conjunctionId = CdmImportResponse.parse(res.json()).imported[0]!.conjunctionId;
  }, 60_000);

  it('runs in the background with progress, and its interval holds CARA’s SDMC value', async () => {
    const before = await server.app.inject({ method: 'GET', url: `/api/conjunctions/${conjunctionId}/monte-carlo` });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();
    const started = await server.app.inject({ method: 'POST', url: `/api/conjunctions/${conjunctionId}/monte-carlo`, payload: { maxSamples: 400_000, seed: 3 } });
    expect(started.statusCode).toBe(202);
    const first = MonteCarloCheck.parse(started.json());
    expect(first).toMatchObject({ conjunctionId, status: 'running', maxSamples: 400_000, seed: 3, analyticMethod: 'pc2d', calledFor: null, result: null });
    // CARA's SDMC window for a fast LEO pass: 3D-Nc's span ×3, at least 3 minutes, about TCA.
    expect(first.windowStartS).toBeLessThan(0);
    expect(first.windowEndS).toBeGreaterThan(0);
    expect(first.windowEndS - first.windowStartS).toBeGreaterThanOrEqual(180 - 1e-9);
    // Asking again while it runs returns the same check.
    const again = await server.app.inject({ method: 'POST', url: `/api/conjunctions/${conjunctionId}/monte-carlo`, payload: {} });
    expect(MonteCarloCheck.parse(again.json()).startedAt).toBe(first.startedAt);

    let check = first;
    const seen = new Set<number>();
    for (let i = 0; i < 600 && check.status === 'running'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      check = MonteCarloCheck.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${conjunctionId}/monte-carlo` })).json());
      seen.add(check.samples);
    }
    expect(check.status).toBe('completed');
    expect(seen.size).toBeGreaterThan(1);
    const r = check.result!;
    expect(r.stoppedBy).toBe('precision');
    expect(r.upper - r.lower).toBeLessThanOrEqual(0.1 * r.pc);
    expect(expected.pc_sdmc as number).toBeGreaterThan(r.lower);
    expect(expected.pc_sdmc as number).toBeLessThan(r.upper);
    // The stored event is unchanged: the check is shown beside it.
    expect(check.storedAs).toBe('beside');
    const detail = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${conjunctionId}` })).json());
    expect(detail.pcMethod).toBe('pc2d');
    expect(detail.collisionProbability).toBeCloseTo(expected.pc2d as number, 10);
  }, 90_000);

  it('becomes the event’s Pc where the method choice calls for it', async () => {
    const tropics = '000048901_conj_000048903_20211220_012535_20211215_145954';
    const res = await server.app.inject({ method: 'POST', url: '/api/cdm/import?name=tropics.cdm', headers: { 'content-type': 'text/plain' }, payload: readFileSync(`${CARA_CDM_DIR}${tropics}.cdm`, 'utf8') });
    const id = CdmImportResponse.parse(res.json()).imported[0]!.conjunctionId;
    const before = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${id}` })).json());
    expect(before.pcMethod).toBe('pc3d');
    expect(before.pcNote).toMatch(/A Monte Carlo is called for \(3D-Nc’s own usage tests failed \(offset\)\)/);
    const started = await server.app.inject({ method: 'POST', url: `/api/conjunctions/${id}/monte-carlo`, payload: { maxSamples: 100_000, seed: 5 } });
    expect(started.statusCode).toBe(202);
    expect(MonteCarloCheck.parse(started.json()).calledFor).toBe('3D-Nc’s own usage tests failed (offset)');
    let check = MonteCarloCheck.parse(started.json());
    for (let i = 0; i < 1200 && check.status === 'running'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      check = MonteCarloCheck.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${id}/monte-carlo` })).json());
    }
    expect(check).toMatchObject({ status: 'completed', storedAs: 'chosen', samples: 100_000 });
    const after = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${id}` })).json());
    expect(after.pcMethod).toBe('sdmc');
    expect(after.collisionProbability).toBe(check.result!.pc);
    expect(after.pcNote).toMatch(/^Monte Carlo on demand, as 3D-Nc’s own usage tests failed \(offset\): \d+ hits in 100000 trials/);
    expect(after.maxCollisionProbability).toBeGreaterThanOrEqual(check.result!.pc);
    expect(after.history.map((h) => h.pcMethod)).toEqual(['pc3d', 'sdmc']);
    expect(after.pc3d).toBe(before.pc3d);
  }, 150_000);

  it('answers 404 for an unknown event and 400 for a bad id or body', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/conjunctions/CNJ-1999-999/monte-carlo', payload: {} })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/conjunctions/CNJ-1999-999/monte-carlo' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/api/conjunctions/bogus/monte-carlo', payload: {} })).statusCode).toBe(400);
    for (const payload of [{ maxSamples: 0 }, { maxSamples: 1.5e3 + 0.5 }, { maxSamples: 1e12 }, { seed: 'x' }, { extra: 1 }]) {
      const res = await server.app.inject({ method: 'POST', url: `/api/conjunctions/${conjunctionId}/monte-carlo`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
