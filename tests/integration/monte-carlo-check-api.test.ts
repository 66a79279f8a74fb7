/**
 * The Monte Carlo check of a stored event (issue 27): POST /api/conjunctions/{id}/monte-carlo starts
 * a background job on a real CARA CDM imported through the API, GET shows its progress and then its
 * Pc, whose 95 % interval must hold CARA's own SDMC value for the event (pc_cases.json); bad ids and
 * bodies are 4xx, an event's check in progress is returned as it is, and the event is unchanged.
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
    const detail = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${conjunctionId}` })).json());
    expect(detail.pcMethod).toBe('pc2d');
    expect(detail.collisionProbability).toBeCloseTo(expected.pc2d as number, 10);
  }, 90_000);

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
