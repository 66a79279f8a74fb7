import { vi } from 'vitest';
import type {
  CatalogConjunction,
  CatalogConjunctionPage,
  CatalogScreening,
  CatalogScreeningList,
  CatalogStaleList,
  CatalogScreeningSummary,
  ShardProgress,
} from '@contracts/catalog-screenings.ts';
import { json } from '@/test/fetch-mock';

/*
 * Test data only: catalogue-wide screening runs shaped like GET /api/catalog-screenings and
 * /api/catalog-screenings/{id}, their conjunctions, and a fetch stand-in that routes those
 * endpoints and the start and cancel POSTs, for the /analytics tests. Never imported by app code.
 */

export const RUNS_API = '/api/catalog-screenings';

export function makeShard(overrides: Partial<ShardProgress> = {}): ShardProgress {
  return {
    shard: 0,
    start: '2026-11-26T00:00:00.000Z',
    end: '2026-11-26T18:00:00.000Z',
    status: 'done',
    stage: 'detect',
    fraction: 1,
    worker: 'server:thread-1',
    attempts: 1,
    ms: null,
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<CatalogScreeningSummary> = {}): CatalogScreeningSummary {
  return {
    objects: 50_000,
    pairs: 1_249_975_000,
    conjunctions: 3,
    proximities: 12,
    skippedObjects: 7,
    byRisk: { critical: 1, high: 1, low: 1 },
    byRegime: { LEO: 2, GEO: 1 },
    perDay: [
      { day: '2026-11-26', conjunctions: 2 },
      { day: '2026-11-27', conjunctions: 1 },
    ],
    ...overrides,
  };
}

/** A completed 72 h run at 5 km of the 50,000-object demo catalogue; `overrides` set the rest. */
export function makeRun(overrides: Partial<CatalogScreening> = {}): CatalogScreening {
  return {
    id: 'run-1',
    status: 'completed',
    reason: 'manual',
    start: '2026-11-26T00:00:00.000Z',
    end: '2026-11-29T00:00:00.000Z',
    thresholdKm: 5,
    catalogVersion: 'abc123',
    objects: 50_000,
    createdAt: '2026-11-25T23:58:00.000Z',
    finishedAt: '2026-11-26T00:03:10.000Z',
    error: null,
    execution: 'threads',
    progress: {
      fraction: 1,
      stage: 'done',
      shardsDone: 4,
      shards: [0, 1, 2, 3].map((shard) => makeShard({ shard, start: new Date(Date.parse('2026-11-26T00:00:00Z') + shard * 18 * 3_600_000).toISOString(), end: new Date(Date.parse('2026-11-26T18:00:00Z') + shard * 18 * 3_600_000).toISOString() })),
      workers: ['server:thread-1', 'server:thread-2'],
    },
    timings: { screening: 120_000, risk: 3_000, storing: 500 },
    summary: makeSummary(),
    ...overrides,
  };
}

/** A run half done: shard 0 done, 1 running (orbits, 40 %) on a worker that took it twice, 2 running (detect), 3 queued. */
export function makeRunningRun(overrides: Partial<CatalogScreening> = {}): CatalogScreening {
  const run = makeRun();
  return makeRun({
    id: 'run-2',
    status: 'running',
    createdAt: '2026-11-26T06:00:00.000Z',
    start: '2026-11-26T06:00:00.000Z',
    end: '2026-11-29T06:00:00.000Z',
    finishedAt: null,
    summary: null,
    progress: {
      fraction: 0.425,
      stage: 'screening',
      shardsDone: 1,
      shards: [
        run.progress.shards[0]!,
        { ...run.progress.shards[1]!, status: 'running', stage: 'orbits', fraction: 0.4, worker: 'host-a:4242:w1', attempts: 2 },
        { ...run.progress.shards[2]!, status: 'running', stage: 'detect', fraction: 0.3, worker: 'server:thread-2' },
        { ...run.progress.shards[3]!, status: 'queued', stage: null, fraction: 0, worker: null, attempts: 0 },
      ],
      workers: ['server:thread-1', 'host-a:4242:w1', 'server:thread-2'],
    },
    ...overrides,
  });
}

/** COSMOS 2251 DEB vs IRIDIUM 33 DEB, critical; `overrides` set the rest. */
export function makeCatalogConjunction(overrides: Partial<CatalogConjunction> = {}): CatalogConjunction {
  return {
    primary: { noradId: 22675, name: 'COSMOS 2251 DEB', objectType: 'debris', owner: 'CIS' },
    secondary: { noradId: 24946, name: 'IRIDIUM 33 DEB', objectType: 'debris', owner: 'US' },
    tca: '2026-11-26T14:22:05.120Z',
    missDistanceKm: 0.0824,
    relativeSpeedKmS: 11.653,
    collisionProbability: 2.5e-3,
    maxCollisionProbability: 7.1e-3,
    riskLevel: 'critical',
    pcMethod: 'pc2d',
    regime: 'LEO',
    ...overrides,
  };
}

/** `count` conjunctions OBJECT 1… vs FENGYUN 1C DEB, for paging. */
export function manyCatalogConjunctions(count: number, first = 0): CatalogConjunction[] {
  return Array.from({ length: count }, (_, index) =>
    makeCatalogConjunction({
      primary: { noradId: 40000 + first + index, name: `OBJECT ${first + index + 1}`, objectType: 'payload', owner: 'PRC' },
      secondary: { noradId: 31000 + first + index, name: 'FENGYUN 1C DEB', objectType: 'debris', owner: 'PRC' },
      riskLevel: 'low',
      collisionProbability: 1e-7,
    }),
  );
}

type Answer<T> = T | Response | Promise<T | Response>;

export interface AnalyticsApi {
  /** GET /api/catalog-screenings?limit=… (default: no run). */
  list?: () => Answer<CatalogScreeningList>;
  /** GET /api/catalog-screenings/{id} (default: the list's run of that id, else 404). */
  run?: (id: string) => Answer<CatalogScreening>;
  /** GET /api/catalog-screenings/{id}/conjunctions?… (default: none). */
  conjunctions?: (id: string, params: URLSearchParams) => Answer<CatalogConjunctionPage>;
  /** POST /api/catalog-screenings (default: 202 {id: 'run-new'}). */
  start?: (body: unknown, init: RequestInit | undefined) => Answer<{ id: string }>;
  /** POST /api/catalog-screenings/{id}/cancel (default: the run, cancelled). */
  cancel?: (id: string) => Answer<CatalogScreening>;
  /** GET /api/catalog-screenings/{id}/stale (default: none). */
  stale?: (id: string) => Answer<CatalogStaleList>;
}

async function answer(body: unknown, status = 200): Promise<Response> {
  const value = await body;
  return value instanceof Response ? value : json(status, value);
}

/** Replaces global fetch with one that answers the /analytics endpoints from `api` (and 404s the rest). */
export function mockAnalyticsApi(api: AnalyticsApi = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === RUNS_API) {
      if (method === 'POST') return answer(api.start?.(JSON.parse(String(init?.body)), init) ?? { id: 'run-new' }, 202);
      return answer(api.list?.() ?? []);
    }
    const match = /^\/api\/catalog-screenings\/([^/]+)(\/conjunctions|\/cancel|\/stale)?$/.exec(url.pathname);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      if (match[2] === '/stale') return answer(api.stale?.(id) ?? []);
      if (match[2] === '/conjunctions') return answer(api.conjunctions?.(id, url.searchParams) ?? { total: 0, items: [] });
      if (match[2] === '/cancel' && method === 'POST') return answer(api.cancel?.(id) ?? makeRunningRun({ id, status: 'cancelled', finishedAt: '2026-11-26T06:10:00.000Z', error: 'cancelled: by an operator' }));
      if (!match[2]) {
        if (api.run) return answer(api.run(id));
        const listed = ((await api.list?.()) as CatalogScreeningList | undefined)?.find?.((run) => run.id === id);
        if (listed) return answer(listed);
      }
    }
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs of the requests the mock saw to `pathname` (query included), optionally of one method. */
export function requestsTo(fetchMock: ReturnType<typeof mockAnalyticsApi>, pathname: string | RegExp, method = 'GET'): URL[] {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname)));
}

/** The query of the last conjunctions request the mock saw. */
export function lastConjunctionQuery(fetchMock: ReturnType<typeof mockAnalyticsApi>): URLSearchParams {
  const last = requestsTo(fetchMock, /\/conjunctions$/).at(-1);
  if (!last) throw new Error('no GET …/conjunctions yet');
  return last.searchParams;
}
