import { vi } from 'vitest';
import type { AvoidanceAnalysis, AvoidancePlan, PlanConjunction, PlanResult } from '@contracts/avoidance.ts';
import type { SessionResponse, User } from '@contracts/auth.ts';
import type { CdmImportResponse, CdmQuality, ConjunctionDetail, ConjunctionListItem, ConjunctionListResponse, MonteCarloCheck } from '@contracts/conjunction-events.ts';
import { json } from '@/test/fetch-mock';

/*
 * Test data only: events shaped like GET /api/conjunctions and
 * /api/conjunctions/{id}, CDM import answers, and a fetch stand-in that routes
 * those endpoints, for the Conjunction Alerts tests. Never imported by app code.
 */

const LIST_API = '/api/conjunctions';
export const IMPORT_API = '/api/cdm/import';
const MONTE_CARLO_PATH = /^\/api\/conjunctions\/([^/]+)\/monte-carlo$/;
const AVOIDANCE_PATH = /^\/api\/conjunctions\/([^/]+)\/avoidance$/;
const PLANS_PATH = /^\/api\/conjunctions\/([^/]+)\/plans$/;
const PLAN_DECISION_PATH = /^\/api\/conjunctions\/([^/]+)\/plans\/(\d+)\/decision$/;

/** TERRA vs IRIDIUM 33 DEB as CARA's CDM gives it; `overrides` set the rest (an open one is a new alert unless they say otherwise). */
export function makeListItem(overrides: Partial<ConjunctionListItem> = {}): ConjunctionListItem {
  return {
    conjunctionId: 'CNJ-2021-001',
    status: 'closed',
    alertStatus: overrides.status === 'open' ? 'new' : 'closed',
    assignee: null,
    source: 'CARA',
    tca: '2021-03-24T15:10:47.417Z',
    primaryObject: { noradId: 25994, name: 'TERRA', cosparId: '1999-068A', objectType: 'payload', owner: 'US' },
    secondaryObject: { noradId: 37558, name: 'IRIDIUM 33 DEB', cosparId: '1997-051XT', objectType: 'debris', owner: 'US' },
    missDistance: 108.4,
    radial: 12.3,
    inTrack: -45.6,
    crossTrack: 97.8,
    relativeVelocity: 11.073,
    collisionProbability: 0.021173811560368256,
    pcMethod: 'pc2d',
    riskLevel: 'critical',
    lastUpdated: '2021-03-23T15:43:56.000Z',
    ...overrides,
  };
}

/** `count` events CNJ-2026-0001… with names OBJECT 1…, for the virtualised table. */
export function manyListItems(count: number): ConjunctionListItem[] {
  return Array.from({ length: count }, (_, index) =>
    makeListItem({
      conjunctionId: `CNJ-2026-${String(index + 1).padStart(4, '0')}`,
      status: 'open',
      alertStatus: 'new',
      primaryObject: { noradId: 100000 + index, name: `OBJECT ${index + 1}`, cosparId: null, objectType: 'payload', owner: null },
    }),
  );
}

export function listResponse(items: ConjunctionListItem[], total = items.length): ConjunctionListResponse {
  return { total, items };
}

/** TROPICS PATHFINDER vs LINCS (TCA 2021-12-20T01:25:35.287Z): the 3D-Nc event, with a 2D usage violation. */
export function makeDetail(overrides: Partial<ConjunctionDetail> = {}): ConjunctionDetail {
  return {
    conjunctionId: 'CNJ-2021-027',
    status: 'closed',
    alertStatus: 'closed',
    assignee: null,
    closeReason: 'tca_passed',
    source: 'CARA',
    sources: ['CARA'],
    tca: '2021-12-20T01:25:35.287Z',
    primaryObject: {
      noradId: 48901,
      name: 'TROPICS PATHFINDER',
      cosparId: '2021-059Y',
      objectType: 'payload',
      owner: 'US',
      elementSetEpoch: '2021-12-15T10:00:00.000Z',
      covarianceSource: 'CDM (CARA)',
      trajectory: { source: 'cdm', ephemerisId: null, description: 'The state vector the CDM gives at TCA' },
      sigmas: { radial: 22.5, inTrack: 4431.4, crossTrack: 5.7 },
    },
    secondaryObject: {
      noradId: 48903,
      name: 'LINCS',
      cosparId: '2021-059AA',
      objectType: 'payload',
      owner: null,
      elementSetEpoch: null,
      covarianceSource: 'CDM (CARA)',
      trajectory: { source: 'cdm', ephemerisId: null, description: 'The state vector the CDM gives at TCA' },
      sigmas: null,
    },
    missDistance: 9422,
    radial: 72.1,
    inTrack: -9419,
    crossTrack: -234,
    relativeVelocity: 0.011,
    collisionProbability: 1.0107e-5,
    pcMethod: 'pc3d',
    pcMethodLabel: '3D-Nc (Hall 2021)',
    pc2d: 3.8635e-168,
    nc2d: 6.4558e-166,
    pc3d: 1.0107e-5,
    maxCollisionProbability: 2.5e-4,
    maxCollisionProbabilityLabel: 'Maximum Pc (Alfano)',
    riskLevel: 'high',
    violations: [
      {
        method: '2D-Pc',
        kind: 'extended',
        value: 0.35,
        limit: 0.02,
        message: 'Long encounter: the objects stay close for 35 % of an orbit (limit 2.0 %) at a relative speed of 10.7 m/s; the 2D method assumes a brief, straight-line pass.',
      },
      { method: '2D-Nc', kind: 'extended', value: 0.0855, limit: 0.05, message: 'The collision rate lasts 8.6 % of an orbit (limit 5.0 %); 2D-Nc assumes one brief approach.' },
      { method: '3D-Nc', kind: 'offset', value: 0.8, limit: 0.75, message: 'The risk reaches 80 % of the way to the encounter segment’s edge (limit 75 %).' },
    ],
    pcNote: null,
    hardBodyRadius: 2,
    hardBodyRadiusSource: 'CDM comment HBR',
    encounterPlane: { missX: 230, missZ: 72, sigmaMajor: 4400, sigmaMinor: 25, angle: 0.3, hardBodyRadius: 2 },
    history: [
      { at: '2021-12-15T14:59:54.000Z', tca: '2021-12-20T01:25:35.287Z', missDistance: 9422, collisionProbability: 1.0107e-5, pcMethod: 'pc3d', riskLevel: 'high', source: 'CARA' },
      { at: '2021-12-16T14:59:54.000Z', tca: '2021-12-20T01:25:35.100Z', missDistance: 9100, collisionProbability: 2e-5, pcMethod: 'pc3d', riskLevel: 'high', source: 'screening' },
    ],
    log: [
      { at: '2021-12-16T14:59:54.000Z', kind: 'estimate', actor: null, planId: null, text: 'New estimate by screening: miss 9.1 km, Pc 2.00e-5 (high)' },
      { at: '2026-01-10T08:00:00.000Z', kind: 'detected', actor: null, planId: null, text: 'First detected in a CDM from CARA: miss 9.422 km, Pc 1.01e-5 (high)' },
      { at: '2026-01-10T08:00:00.000Z', kind: 'closed', actor: null, planId: null, text: 'Closed: TCA passed' },
      { at: '2026-01-10T09:10:00.000Z', kind: 'plan_requested', actor: 'olga', planId: 1, text: 'Plan 1 requested: burn at 2021-12-19 22:55:35 UTC, Δv RTN (0, +0.03, 0) m/s' },
      { at: '2026-01-10T09:10:09.000Z', kind: 'plan_screened', actor: null, planId: 1, text: 'Plan 1 screened: not acceptable. It creates a conjunction with COSMOS 2251 DEB (33759) at 2021-03-26T04:12:09.000Z, Pc 2.40e-4.' },
    ],
    cdms: [
      {
        id: 27,
        messageId: '000048901_conj_000048903_20211220_012535_20211215_145954',
        originator: 'CARA',
        creationDate: '2021-12-15T14:59:54.000Z',
        importedAt: '2026-01-10T08:00:00.000Z',
        format: 'kvn',
        url: '/api/cdm/27',
      },
    ],
    generatedCdmUrl: null,
    firstDetected: '2021-12-15T14:59:54.000Z',
    lastUpdated: '2026-01-10T08:00:00.000Z',
    allowedStatuses: ['assessing'],
    decision: null,
    cdmQuality: null,
    ...overrides,
  };
}

/**
 * What CARA's CDM 000048901_conj_000048903_20211220_012535_20211215_145954 says about its own quality, as the server
 * reads it: its stated Pc 3.21e-5 (FOSTER-1992) against our 3D-Nc 1.0107e-5, a ratio of 3.18 (more than 2: flagged),
 * and each object's OD figures (`overrides` set the rest).
 */
export function makeCdmQuality(overrides: Partial<CdmQuality> = {}): CdmQuality {
  return {
    cdmId: 27,
    originator: 'CARA',
    creationDate: '2021-12-15T14:59:54.000Z',
    originatorPc: 3.214e-5,
    originatorPcMethod: 'FOSTER-1992',
    ourPc: 1.0107e-5,
    ourPcMethod: 'pc3d',
    pcRatio: 3.214e-5 / 1.0107e-5,
    pcDisagrees: true,
    primary: {
      obsAvailable: 498,
      obsUsed: 412,
      tracksAvailable: 92,
      tracksUsed: 80,
      recommendedOdSpanDays: 7.5,
      actualOdSpanDays: 5.25,
      residualsAcceptedPercent: 97.4,
      weightedRms: 1.214,
      timeLastObEnd: '2021-12-15T08:12:00.000Z',
      odEpoch: '2021-12-15T08:12:00.000Z',
      hoursSinceOdEpoch: 6.8,
      covarianceScaleFactor: 1.5,
    },
    secondary: {
      obsAvailable: 120,
      obsUsed: 118,
      tracksAvailable: 30,
      tracksUsed: 29,
      recommendedOdSpanDays: 3,
      actualOdSpanDays: 4.1,
      residualsAcceptedPercent: 99.1,
      weightedRms: 0.987,
      timeLastObEnd: null,
      odEpoch: null,
      hoursSinceOdEpoch: null,
      covarianceScaleFactor: null,
    },
    ...overrides,
  };
}

export function makeImportResponse(overrides: Partial<CdmImportResponse> = {}): CdmImportResponse {
  return { imported: [], duplicates: [], rejected: [], ...overrides };
}

/**
 * A Monte Carlo check of CNJ-2021-027 (GET /api/conjunctions/{id}/monte-carlo), completed by default:
 * 374 hits in the cap of 37,000,000 trials, Pc 1.01e-5 with its 95 % Clopper–Pearson interval
 * [9.11e-6, 1.12e-5], which holds the event's 3D-Nc value 1.0107e-5.
 */
export function makeMonteCarloCheck(overrides: Partial<MonteCarloCheck> = {}): MonteCarloCheck {
  return {
    conjunctionId: 'CNJ-2021-027',
    status: 'completed',
    samples: 37_000_000,
    hits: 374,
    maxSamples: 37_000_000,
    seed: 1,
    startedAt: '2026-01-10T09:00:00.000Z',
    finishedAt: '2026-01-10T09:01:12.000Z',
    windowStartS: -90,
    windowEndS: 90,
    analyticPc: 1.0107e-5,
    analyticMethod: 'pc3d',
    calledFor: null,
    result: { pc: 374 / 37_000_000, lower: 9.1095e-6, upper: 1.11863e-5, confidence: 0.95, stoppedBy: 'cap' },
    storedAs: 'beside',
    error: null,
    ...overrides,
  };
}

/**
 * The avoidance trade space of TERRA vs IRIDIUM 33 DEB (CARA's CDM 000025994_conj_000037558_20210324_151047,
 * Pc 2.12e-2 2D, miss 107.5 m) as the server computes it (ssa cam --trade) on a 4 × 5 grid: along-track
 * burns of 0.04-0.2 m/s from 10 min to 3 orbits (4 h 56 min) before TCA, completed by default. A burn
 * 10 min before TCA barely moves the miss (0.2 m/s leaves Pc 1.69e-4); from one orbit earlier on the
 * Pc falls by decades per 0.04 m/s, and 0.0116 m/s 4 h 56 min before TCA reaches 1e-4.
 */
export function makeAvoidanceAnalysis(overrides: Partial<AvoidanceAnalysis> = {}): AvoidanceAnalysis {
  const leadTimesS = [600, 6314.4488207939385, 12028.897641587877, 17743.346462381814];
  const minimumDv: [number, (number | null)[], (number | null)[], (number | null)[]][] = [
    // targetPc, then per burn time: dvMps, the Pc and the miss (m) it gives.
    [1e-4, [null, 0.034885004054279196, 0.017448611737048345, 0.011583691093346286], [null, 9.999642e-5, 9.996997e-5, 9.99744e-5], [null, 519.02, 525.22, 525.77]],
    [1e-6, [null, 0.050392678311872025, 0.025176586395495006, 0.01671207513697511], [null, 9.99912e-7, 9.996603e-7, 9.995131e-7], [null, 701.97, 710.26, 710.98]],
    [1e-7, [null, 0.05679997344268256, 0.028369021244738744, 0.01883076939056084], [null, 9.998922e-8, 9.995944e-8, 9.991039e-8], [null, 777.56, 786.7, 787.5]],
  ];
  return {
    conjunctionId: 'CNJ-2021-001',
    status: 'completed',
    startedAt: '2026-01-10T09:00:00.000Z',
    finishedAt: '2026-01-10T09:00:02.000Z',
    request: { maxDvMps: 0.2, maxLeadOrbits: 3, minLeadS: 600, leadSteps: 4, dvSteps: 5, direction: 'T', targets: [1e-4, 1e-6, 1e-7] },
    tca: '2021-03-24T15:10:47.417Z',
    pc: 0.02117381743792746,
    pcMethod: 'pc2d',
    missM: 107.54,
    primaryReference: "The primary's state at TCA propagated two-body + J2 (Dormand–Prince 8(5,3)); a burn's effect is the burned minus the unburned propagation from the burn",
    result: {
      leadTimesS,
      dvMagnitudesMps: [0.04, 0.08, 0.12, 0.16, 0.2],
      pc: [
        [1.5831e-2, 8.461e-3, 3.2265e-3, 8.7574e-4, 1.6872e-4],
        [2.5471e-5, 3.3824e-12, 4.9154e-23, 7.7397e-38, 1.3068e-56],
        [3.1381e-12, 5.0818e-38, 8.6205e-80, 1.4642e-137, 2.7156e-210],
        [2.6407e-23, 1.765e-80, 5.4968e-174, 1.0011e-302, 0],
      ],
      missM: [
        [97.59, 90.6, 87.29, 88.06, 92.82],
        [579.37, 1051.26, 1523.16, 1995.06, 2466.96],
        [1065.19, 2022.98, 2980.76, 3938.54, 4896.31],
        [1552.04, 2996.69, 4441.32, 5885.95, 7330.56],
      ],
      minimumDv: leadTimesS.flatMap((leadS, i) =>
        minimumDv.map(([targetPc, dvs, pcs, misses]) => ({ targetPc, leadS, dvMps: dvs[i]!, directionRtn: dvs[i] === null ? null : ([0, 1, 0] as [number, number, number]), pc: pcs[i]!, missM: misses[i]! })),
      ),
    },
    error: null,
    ...overrides,
  };
}

/**
 * The conjunctions of TERRA's track after an along-track burn of 0.03 m/s 2 h 30 min before TCA
 * (screened 7 days, 5 km): the event itself, much better; a new approach to COSMOS 2251 DEB at Pc
 * 2.40e-4, above the 1e-4 target; FENGYUN 1C DEB a little worse (still below it); an SL-16 R/B as
 * before the burn.
 */
export function makePlanConjunctions(): PlanConjunction[] {
  return [
    {
      secondaryNorad: 37558,
      secondaryName: 'IRIDIUM 33 DEB',
      tca: '2021-03-24T15:10:47.102Z',
      missKm: 1.2345,
      relativeSpeedKmS: 11.07,
      pc: 3.1e-12,
      pcMethod: 'pc2d',
      maxPc: 1.2e-6,
      riskLevel: 'low',
      change: 'better',
      before: { tca: '2021-03-24T15:10:47.417Z', missKm: 0.10754, pc: 0.02117381743792746 },
    },
    {
      secondaryNorad: 33759,
      secondaryName: 'COSMOS 2251 DEB',
      tca: '2021-03-26T04:12:09.000Z',
      missKm: 0.412,
      relativeSpeedKmS: 14.2,
      pc: 2.4e-4,
      pcMethod: 'pc2d',
      maxPc: 3.1e-3,
      riskLevel: 'high',
      change: 'new',
      before: null,
    },
    {
      secondaryNorad: 31141,
      secondaryName: 'FENGYUN 1C DEB',
      tca: '2021-03-27T21:40:33.500Z',
      missKm: 2.81,
      relativeSpeedKmS: 9.8,
      pc: 3.2e-7,
      pcMethod: 'pc2d',
      maxPc: 2.2e-5,
      riskLevel: 'low',
      change: 'worse',
      before: { tca: '2021-03-27T21:40:34.100Z', missKm: 3.62, pc: 1.1e-7 },
    },
    {
      secondaryNorad: 22285,
      secondaryName: 'SL-16 R/B',
      tca: '2021-03-29T08:02:51.000Z',
      missKm: 4.63,
      relativeSpeedKmS: 7.5,
      pc: 0,
      pcMethod: 'pc2d',
      maxPc: 4.1e-6,
      riskLevel: 'low',
      change: 'same',
      before: { tca: '2021-03-29T08:02:51.000Z', missKm: 4.63, pc: 0 },
    },
  ];
}

/** The screening result of that burn (PlanResult): the event from Pc 2.12e-2 at 107.5 m to 3.10e-12 at 1,234.5 m. */
export function makePlanResult(overrides: Partial<PlanResult> = {}): PlanResult {
  return {
    maxDeviationKm: 0.42,
    event: {
      secondaryNorad: 37558,
      before: { tca: '2021-03-24T15:10:47.417Z', missKm: 0.10754, pc: 0.02117381743792746, pcMethod: 'pc2d' },
      after: { tca: '2021-03-24T15:10:47.102Z', missKm: 1.2345, pc: 3.1e-12, pcMethod: 'pc2d' },
    },
    conjunctions: makePlanConjunctions(),
    worstNewPc: 2.4e-4,
    ...overrides,
  };
}

export const NOT_ACCEPTABLE_REASON = 'Not acceptable: it creates a conjunction with COSMOS 2251 DEB (33759) at 2021-03-26T04:12:09.000Z, Pc 2.40e-4.';

/**
 * Plan 1 of TERRA vs IRIDIUM 33 DEB (GET /api/conjunctions/{id}/plans): 0.03 m/s along-track 2 h 30 min
 * before TCA, made by 'olga', screened and not acceptable (the new COSMOS 2251 DEB conjunction).
 * Use `screeningPlan` for the same burn as the POST answers it.
 */
export function makePlan(overrides: Partial<AvoidancePlan> = {}): AvoidancePlan {
  const conjunctionId = overrides.conjunctionId ?? 'CNJ-2021-001';
  const id = overrides.id ?? 1;
  return {
    id,
    conjunctionId,
    status: 'screened',
    createdAt: '2026-01-10T09:10:00.000Z',
    createdBy: 'olga',
    burn: { epoch: '2021-03-24T12:40:47.417Z', dvRtnMps: [0, 0.03, 0], dvMps: 0.03 },
    targetPc: 1e-4,
    thresholdKm: 5,
    window: { start: '2021-03-24T12:40:47.417Z', end: '2021-03-31T12:40:47.417Z' },
    reference: { source: 'element_set', ephemerisId: null },
    screenedAt: '2026-01-10T09:10:09.000Z',
    acceptable: false,
    reason: NOT_ACCEPTABLE_REASON,
    error: null,
    decidedAt: null,
    decidedBy: null,
    result: makePlanResult(),
    oemUrl: `/api/conjunctions/${conjunctionId}/plans/${id}/oem`,
    opmUrl: `/api/conjunctions/${conjunctionId}/plans/${id}/opm`,
    ...overrides,
  };
}

/** `plan` as it is while its screening runs (the POST's 202 answer). */
export function screeningPlan(plan: AvoidancePlan = makePlan()): AvoidancePlan {
  return { ...plan, status: 'screening', screenedAt: null, acceptable: null, reason: null, result: null };
}

interface AlertsApi {
  /** GET /api/conjunctions?…: the answer to the query (default: an empty list). */
  list?: (params: URLSearchParams) => ConjunctionListResponse | Response;
  /** GET /api/conjunctions/{id} (default: 404). */
  detail?: (conjunctionId: string) => ConjunctionDetail | Response;
  /** POST /api/cdm/import?name=… (default: an empty answer). */
  importCdm?: (name: string, init: RequestInit | undefined) => CdmImportResponse | Response | Promise<CdmImportResponse | Response>;
  /** GET /api/conjunctions/{id}/monte-carlo (default: 200 null, no check yet). */
  monteCarlo?: (conjunctionId: string) => MonteCarloCheck | Response;
  /** POST /api/conjunctions/{id}/monte-carlo with its JSON body (default: 404). */
  startMonteCarlo?: (conjunctionId: string, body: unknown, init: RequestInit | undefined) => MonteCarloCheck | Response;
  /** GET /api/conjunctions/{id}/avoidance (default: 200 null, no trade space yet). */
  avoidance?: (conjunctionId: string) => AvoidanceAnalysis | null | Response;
  /** POST /api/conjunctions/{id}/avoidance with its JSON body (default: 404). */
  startAvoidance?: (conjunctionId: string, body: unknown, init: RequestInit | undefined) => AvoidanceAnalysis | Response;
  /** GET /api/conjunctions/{id}/plans (default: 200 [], no plans yet). */
  plans?: (conjunctionId: string) => AvoidancePlan[] | Response;
  /** POST /api/conjunctions/{id}/plans with its JSON body (default: 404). */
  startPlan?: (conjunctionId: string, body: unknown, init: RequestInit | undefined) => AvoidancePlan | Response;
  /** POST /api/conjunctions/{id}/plans/{planId}/decision with its JSON body (default: 404). */
  decidePlan?: (conjunctionId: string, planId: number, body: unknown, init: RequestInit | undefined) => AvoidancePlan | Response;
  /** PATCH /api/conjunctions/{id} with its JSON body (issue 29; default: 404). */
  patch?: (conjunctionId: string, body: unknown, init: RequestInit | undefined) => ConjunctionDetail | Response;
  /** GET /api/auth/session (default: 404, as a server that cannot say: the app shows). */
  session?: SessionResponse;
  /** GET /api/users (default: 404). */
  users?: User[] | Response;
  /** GET of other paths as text (e.g. a CDM's url). */
  texts?: Record<string, string>;
}

function answer(body: unknown): Response {
  return body instanceof Response ? body : json(200, body);
}

/** Replaces global fetch with one that answers the Conjunction Alerts endpoints from `api` (and 404s the rest). */
export function mockAlertsApi(api: AlertsApi = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === IMPORT_API && init?.method === 'POST') {
      return answer(await (api.importCdm?.(url.searchParams.get('name') ?? '', init) ?? makeImportResponse()));
    }
    const monteCarlo = MONTE_CARLO_PATH.exec(url.pathname);
    if (monteCarlo) {
      const id = decodeURIComponent(monteCarlo[1]!);
      if (init?.method === 'POST') {
        return api.startMonteCarlo ? answer(api.startMonteCarlo(id, init.body ? JSON.parse(String(init.body)) : undefined, init)) : json(404, { message: `No conjunction ${id}` });
      }
      return api.monteCarlo ? answer(api.monteCarlo(id)) : json(200, null);
    }
    const avoidance = AVOIDANCE_PATH.exec(url.pathname);
    if (avoidance) {
      const id = decodeURIComponent(avoidance[1]!);
      if (init?.method === 'POST') {
        return api.startAvoidance ? answer(api.startAvoidance(id, init.body ? JSON.parse(String(init.body)) : undefined, init)) : json(404, { message: `No conjunction ${id}` });
      }
      return api.avoidance ? answer(api.avoidance(id)) : json(200, null);
    }
    const plans = PLANS_PATH.exec(url.pathname);
    if (plans) {
      const id = decodeURIComponent(plans[1]!);
      if (init?.method === 'POST') {
        return api.startPlan ? answer(api.startPlan(id, init.body ? JSON.parse(String(init.body)) : undefined, init)) : json(404, { message: `No conjunction ${id}` });
      }
      return api.plans ? answer(api.plans(id)) : json(200, []);
    }
    const decision = PLAN_DECISION_PATH.exec(url.pathname);
    if (decision && init?.method === 'POST') {
      const id = decodeURIComponent(decision[1]!);
      const planId = Number(decision[2]);
      return api.decidePlan ? answer(api.decidePlan(id, planId, init.body ? JSON.parse(String(init.body)) : undefined, init)) : json(404, { message: `No plan ${planId} of ${id}` });
    }
    if (url.pathname === LIST_API) return answer(api.list?.(url.searchParams) ?? listResponse([]));
    if (url.pathname.startsWith(`${LIST_API}/`) && init?.method === 'PATCH') {
      const id = decodeURIComponent(url.pathname.slice(LIST_API.length + 1));
      return api.patch ? answer(api.patch(id, init.body ? JSON.parse(String(init.body)) : undefined, init)) : json(404, { message: `No conjunction ${id}` });
    }
    if (url.pathname === '/api/auth/session' && api.session) return json(200, api.session);
    if (url.pathname === '/api/users' && api.users) return answer(Array.isArray(api.users) ? { users: api.users } : api.users);
    if (url.pathname.startsWith(`${LIST_API}/`) && api.detail) return answer(api.detail(decodeURIComponent(url.pathname.slice(LIST_API.length + 1))));
    const text = api.texts?.[`${url.pathname}${url.search}`];
    if (text !== undefined) return new Response(text, { status: 200, headers: { 'Content-Type': 'text/plain' } });
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function conjunctionQueries(fetchMock: ReturnType<typeof mockAlertsApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === LIST_API)
    .map((url) => url.searchParams);
}

/** The query of every GET /api/conjunctions list the mock saw, in order (not the one-row counts of hidden alerts). */
export function listRequests(fetchMock: ReturnType<typeof mockAlertsApi>): URLSearchParams[] {
  return conjunctionQueries(fetchMock).filter((params) => params.get('limit') !== '1');
}

/** The one-row counts (limit=1) the mock saw: the hidden closed alerts of the Open view (issue 29). */
export function countRequests(fetchMock: ReturnType<typeof mockAlertsApi>): URLSearchParams[] {
  return conjunctionQueries(fetchMock).filter((params) => params.get('limit') === '1');
}

/** The last list query the mock saw. */
export function lastListRequest(fetchMock: ReturnType<typeof mockAlertsApi>): URLSearchParams {
  const requests = listRequests(fetchMock);
  const last = requests.at(-1);
  if (!last) throw new Error('no GET /api/conjunctions yet');
  return last;
}
