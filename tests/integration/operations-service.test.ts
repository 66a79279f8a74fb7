import type { RiskItem } from '../../src/contracts/operations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCdmKvn } from '../../src/core/cdm/index.ts';
import { generateDemoCatalog } from '../../src/core/catalog/index.ts';
import { conjunctionIdFor } from '../../src/core/operations/index.ts';
import { formatTleText, type ElementSet } from '../../src/core/elements/index.ts';
import { degrees, utcMs } from '../../src/core/units.ts';
import type { Database } from '../../src/server/db/database.ts';
import { CatalogRepository } from '../../src/server/repositories/catalog-repository.ts';
import { ConjunctionEventRepository, type ConjunctionEventRow } from '../../src/server/repositories/conjunction-event-repository.ts';
import { ProximityRepository } from '../../src/server/repositories/proximity-repository.ts';
import { HighInterestObjectRepository } from '../../src/server/repositories/high-interest-object-repository.ts';
import { ManeuverRepository } from '../../src/server/repositories/maneuver-repository.ts';
import { OperationsEventRepository, type OperationsEventRow } from '../../src/server/repositories/operations-event-repository.ts';
import { ScreeningRunRepository } from '../../src/server/repositories/screening-run-repository.ts';
import { CatalogService } from '../../src/server/services/catalog-service.ts';
import type { ConjunctionAnalysisQuery } from '../../src/server/services/operations/conjunction-analysis.ts';
import { createOperations, type OperationsOptions, type OperationsService, type RunStage } from '../../src/server/services/operations/operations-service.ts';
import type { OperationsReadModel } from '../../src/server/services/operations/read-model.ts';
import { ScreeningService } from '../../src/server/services/screening-service.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

/**
 * The continuous-screening engine end to end on a small demo catalogue (4,000 objects with the
 * fleet, the adversaries and 60 histories with manoeuvres): runs, conjunction events and their
 * histories, alert and CDM events, closing, manoeuvres, a failed run, a restart, snapshots.
 */
const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 86_400_000;
const silent = { info() {}, warn() {}, error() {} };

function options(afterStage: OperationsOptions['afterStage']): OperationsOptions {
  return {
    enabled: false,
    intervalMinutes: 15,
    windowDays: 7,
    thresholdKm: 10,
    alertLevel: 'high',
    fleetOwners: ['ISRA'],
    allyOwners: [],
    adversaryOwners: ['CIS', 'IRAN'],
    adversaryScreeningKm: 100,
    originator: 'DATA FORGE TEST',
    afterStage,
  };
}

/** The same orbit `hours` later: epoch moved, mean anomaly advanced by the mean motion (a new, slightly different estimate). */
function later(set: ElementSet, hours: number, norad = set.norad, name = set.name): ElementSet {
  const meanAnomaly = (((set.meanAnomaly + set.meanMotion * 360 * (hours / 24)) % 360) + 360) % 360;
  return { ...set, norad, ...(name ? { name } : {}), epoch: utcMs(set.epoch + hours * HOUR), meanAnomaly: degrees(meanAnomaly) };
}

describe.each(databaseTargets)('OperationsService on $name', (target) => {
  let store: TestStore;
  let database: Database;
  let catalog: CatalogService;
  let screening: ScreeningService;
  let repos: {
    runs: ScreeningRunRepository;
    conjunctions: ConjunctionEventRepository;
    events: OperationsEventRepository;
    maneuvers: ManeuverRepository;
    highInterest: HighInterestObjectRepository;
    proximities: ProximityRepository;
  };
  let failAt: RunStage | undefined;
  /** The scheduler, its read model and the analysis query, built together (createOperations). */
  let ops: OperationsService;
  let view: OperationsReadModel;
  let analysis: ConjunctionAnalysisQuery;
  const hook = (stage: RunStage) => {
    if (stage === failAt) throw new Error(`injected failure after ${stage}`);
  };
  const allEvents = async (): Promise<OperationsEventRow[]> => repos.events.recent(100_000);
  /** Every stored conjunction event, open or closed: ids run CNJ-{year}-001 … the year's highest sequence. */
  const allConjunctions = async (): Promise<ConjunctionEventRow[]> => {
    const rows: ConjunctionEventRow[] = [];
    for (const year of [2026, 2027]) {
      const last = await repos.conjunctions.maxSequence(year);
      for (let n = 1; n <= last; n++) {
        const row = await repos.conjunctions.byConjunctionId(conjunctionIdFor(year, n));
        if (row) rows.push(row);
      }
    }
    return rows;
  };

  beforeAll(async () => {
    store = await target.createStore();
    database = await store.open();
    const catalogRepo = new CatalogRepository(database.db);
    const demo = generateDemoCatalog({ now: utcMs(NOW), size: 4000, historyObjects: 60 });
    await catalogRepo.upsertObjects(
      demo.objects.map((o) => ({ ...o, rcsM2: null, decayDate: null, source: 'demo' })),
      new Date(NOW),
    );
    await catalogRepo.insertElementSets(demo.sets, 'demo', null, new Date(NOW));
    catalog = new CatalogService(catalogRepo, { fleetOwners: ['ISRA'], fleetNoradIds: [], demo: false }, silent);
    await catalog.initialise(new Date(NOW));
    screening = new ScreeningService(catalog, { originator: 'DATA FORGE TEST', workers: 2 });
    repos = {
      runs: new ScreeningRunRepository(database.db),
      conjunctions: new ConjunctionEventRepository(database.db),
      events: new OperationsEventRepository(database.db),
      maneuvers: new ManeuverRepository(database.db),
      highInterest: new HighInterestObjectRepository(database.db),
      proximities: new ProximityRepository(database.db),
    };
    ({ scheduler: ops, readModel: view, analysis } = createOperations(catalog, screening, repos, options(hook), silent));
    await ops.initialise(new Date(NOW));
  }, 300_000);

  afterAll(async () => {
    await ops?.stop();
    await screening?.close();
    await database?.close();
    await store?.destroy();
  });

  it('serves empty snapshots before the first run', () => {
    expect(view.activeConjunctions().body).toEqual([]);
    expect(view.events().body).toEqual([]);
    expect(view.stats().body).toMatchObject({ activeAlerts: 0, maneuverDetections: 0, trackedObjects: 4000, dailyScreens: 0, lastScreening: null, screeningStatus: 'idle' });
    expect(view.stats().etag).toMatch(/^"[\w-]+"$/);
    expect(view.threatSummary().body.totalObjects).toBe(4000);
  });

  it('creates conjunction events with CNJ ids, their first estimate, alert and CDM events, and manoeuvres', async () => {
    const outcome = await ops.runNow('manual', new Date(NOW));
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(outcome.created).toBeGreaterThan(5);
    expect(outcome.maneuvers).toBeGreaterThan(0);

    const run = await repos.runs.latest();
    expect(run).toMatchObject({ status: 'completed', reason: 'manual', primaries: 14, objects: 4000, pairs: 14 * 4000, approaches: expect.any(Number) });

    const open = await repos.conjunctions.open();
    expect(open).toHaveLength(outcome.created);
    const sequences = open.map((r) => r.conjunctionId).sort();
    expect(new Set(sequences).size).toBe(open.length);
    for (const row of open) {
      expect(row.conjunctionId).toMatch(/^CNJ-2026-\d{3,}$/);
      expect(row.tca.getTime()).toBeGreaterThanOrEqual(NOW);
      expect(row.tca.getTime()).toBeLessThan(NOW + 7 * DAY);
      expect(row.missKm).toBeLessThanOrEqual(10);
      expect(await repos.conjunctions.updates(row.id)).toHaveLength(1);
    }

    const events = await allEvents();
    const alerts = events.filter((e) => e.eventType === 'alert_updated');
    // New approaches are announced from 'medium' up (CARA's attention level); 'low' ones are stored silently.
    expect(alerts.map((a) => a.conjunctionId).sort()).toEqual(open.filter((r) => r.riskLevel !== 'low').map((r) => r.conjunctionId).sort());
    for (const a of alerts) expect(a.description).toMatch(/^CNJ-2026-\d{3,}: .+ × .+, risk NONE → (MEDIUM|HIGH|CRITICAL), miss [\d,]+ m at \d\d:\d\d:\d\d UTC \w{3} \d+$/);

    const high = open.filter((r) => r.riskLevel === 'high' || r.riskLevel === 'critical');
    const cdmEvents = events.filter((e) => e.eventType === 'cdm_generated');
    expect(cdmEvents.map((e) => e.conjunctionId).sort()).toEqual(high.map((r) => r.conjunctionId).sort());
    for (const row of open) expect(row.cdmKvn !== null).toBe(high.includes(row));
    if (high[0]) {
      const kvn = await analysis.cdm(high[0].conjunctionId, 'kvn');
      const cdm = readCdmKvn(kvn!);
      expect(cdm.header.messageId).toBe(`DATAFORGE-${high[0].conjunctionId}`);
      expect(cdm.relative.missDistanceM).toBeCloseTo(high[0].missKm * 1000, 3);
      expect(await analysis.cdm(high[0].conjunctionId, 'xml')).toMatch(/^<\?xml[\s\S]*<MESSAGE_ID>DATAFORGE-CNJ-/);
    }
    const low = open.find((r) => r.cdmKvn === null);
    if (low) expect(await analysis.cdm(low.conjunctionId, 'kvn')).toBeUndefined();

    const maneuvers = await repos.maneuvers.since(new Date(0));
    expect(maneuvers).toHaveLength(outcome.maneuvers);
    expect(events.filter((e) => e.eventType === 'maneuver_detected')).toHaveLength(maneuvers.length);

    // Snapshots
    // The Critical Conjunctions card lists the open events at or above the alert level (issue 29), as the header counts them.
    const active = view.activeConjunctions().body;
    expect(active).toHaveLength(high.length);
    expect(active[0]!.riskLevel).toBe(open.some((r) => r.riskLevel === 'critical') ? 'critical' : active[0]!.riskLevel);
    expect(view.events().body.length).toBe(Math.min(50, events.length));
    expect(view.stats().body).toMatchObject({
      activeAlerts: high.length,
      trackedObjects: 4000,
      dailyScreens: 14 * 4000,
      screeningStatus: 'idle',
      lastScreening: expect.any(String),
    });
    expect(view.recentManeuvers().body.length).toBe(maneuvers.filter((m) => m.detectionTime.getTime() >= NOW - 30 * DAY).length);
    expect(view.threatAssessments().body.length).toBeGreaterThan(0);
    expect(view.threatSummary().body.adversaryObjects).toBeGreaterThan(0);
  }, 300_000);

  it('adds nothing when the same run is repeated, and keeps the ETags', async () => {
    const before = { active: view.activeConjunctions().etag, events: view.events().etag, maneuvers: view.recentManeuvers().etag, assessments: view.threatAssessments().etag, summary: view.threatSummary().etag };
    const eventCount = (await allEvents()).length;
    const outcome = await ops.runNow('manual', new Date(NOW));
    expect(outcome).toMatchObject({ status: 'completed', created: 0, updated: 0, closed: 0, maneuvers: 0 });
    expect(await allEvents()).toHaveLength(eventCount);
    expect({ active: view.activeConjunctions().etag, events: view.events().etag, maneuvers: view.recentManeuvers().etag, assessments: view.threatAssessments().etag, summary: view.threatSummary().etag }).toEqual(before);
    expect(view.stats().body.dailyScreens).toBe(2 * 14 * 4000);
  }, 300_000);

  it('records catalogue ingestions, updates estimates, changes levels and closes passed events', async () => {
    const openBefore = await repos.conjunctions.open();
    const secondaries = [...new Set(openBefore.map((r) => r.secondaryNorad))];
    const sets = secondaries.map((norad) => later(catalog.entry(norad)!.set, 1));
    const template = catalog.entry(secondaries[0]!)!.set;
    sets.push(later(template, 0, 99_990, 'NEWSAT 1'));
    await catalog.importElementSets(formatTleText(sets), { source: 'import', label: 'update.tle' }, new Date(NOW + HOUR));
    await ops.whenIdle();
    const ingestion = (await allEvents()).filter((e) => e.eventType === 'radar_update' || e.eventType === 'launch_detected');
    expect(ingestion.map((e) => e.eventType).sort()).toEqual(['launch_detected', 'radar_update']);
    expect(ingestion.find((e) => e.eventType === 'radar_update')!.description).toBe(`Catalogue update from update.tle: ${sets.length} new element sets`);
    expect(ingestion.find((e) => e.eventType === 'launch_detected')!.description).toBe('1 new object in the catalogue from update.tle: NEWSAT 1');
    expect(view.stats().body.trackedObjects).toBe(4001);

    const activeEtag = view.activeConjunctions().etag;
    const eventsBefore = await allEvents();
    const runAt = NOW + 2 * DAY;
    const outcome = await ops.runNow('catalogue-update', new Date(runAt));
    expect(outcome.status).toBe('completed');
    expect(outcome.closed).toBeGreaterThan(0);
    expect(outcome.updated).toBeGreaterThan(0);
    expect(view.activeConjunctions().etag).not.toBe(activeEtag);

    const byId = new Map(openBefore.map((r) => [r.id, r]));
    const after = await allConjunctions();
    const closed = after.filter((r) => r.status === 'closed');
    expect(closed.length).toBe(outcome.closed);
    for (const r of closed) {
      expect(r.closeReason === 'tca_passed' ? r.tca.getTime() < runAt : r.closeReason === 'not_found').toBe(true);
    }
    expect(after.filter((r) => r.closeReason === 'tca_passed').length).toBe(openBefore.filter((r) => r.tca.getTime() < runAt).length);

    // Every changed estimate is in the history; every level change has its alert_updated event.
    const newEvents = (await allEvents()).filter((e) => !eventsBefore.some((b) => b.id === e.id));
    let changedLevels = 0;
    let withHistory = 0;
    for (const r of after.filter((x) => x.status === 'open' && byId.has(x.id))) {
      const was = byId.get(r.id)!;
      const updates = await repos.conjunctions.updates(r.id);
      if (r.lastUpdated.getTime() === runAt) {
        expect(updates).toHaveLength(2);
        expect(updates[1]).toMatchObject({ riskLevel: r.riskLevel, pc: r.pc, missKm: r.missKm });
        withHistory += 1;
      } else expect(updates).toHaveLength(1);
      if (was.riskLevel !== r.riskLevel) {
        changedLevels += 1;
        const text = newEvents.find((e) => e.eventType === 'alert_updated' && e.conjunctionId === r.conjunctionId)?.description;
        expect(text).toContain(`risk ${was.riskLevel.toUpperCase()} → ${r.riskLevel.toUpperCase()}`);
      }
      if ((r.riskLevel === 'high' || r.riskLevel === 'critical') && was.cdmKvn === null) {
        expect(r.cdmKvn).not.toBeNull();
        expect(newEvents.some((e) => e.eventType === 'cdm_generated' && e.conjunctionId === r.conjunctionId)).toBe(true);
      }
    }
    expect(withHistory).toBe(outcome.updated);
    expect(changedLevels).toBeGreaterThan(0);
    expect(newEvents.filter((e) => e.eventType === 'alert_updated' && !/risk NONE →/.test(e.description))).toHaveLength(changedLevels);

    // The analysis card: the stored history and the four projection points.
    const analysed = after.find((r) => r.status === 'open' && r.lastUpdated.getTime() === runAt) ?? after.find((r) => r.status === 'open')!;
    const card = (await analysis.analyze(analysed.conjunctionId))!;
    expect(card.conjunctionId).toBe(analysed.conjunctionId);
    const history = card.points.filter((p) => p.kind === 'history');
    expect(history).toHaveLength((await repos.conjunctions.updates(analysed.id)).length);
    expect(card.points.filter((p) => p.kind === 'projection').map((p) => p.hoursToTca)).toEqual([-24, -12, -6, 0]);
    for (const p of card.points) {
      expect(p.missDistance).toBeGreaterThan(0);
      expect(p.sigma === null || p.sigma > 0).toBe(true);
    }
    expect(card.primaryObject.altitude).toBeGreaterThan(100);
    expect(card.primaryObject.name).toBe(catalog.entry(analysed.primaryNorad)!.object.name);
    const fallback = (await analysis.analyze('CNJ-2024-001'))!;
    expect(fallback.requestedId).toBe('CNJ-2024-001');
    const open = await repos.conjunctions.open();
    expect(fallback.conjunctionId).toBe([...open].sort((a, b) => b.pc - a.pc || b.maxPc - a.maxPc || a.tca.getTime() - b.tca.getTime())[0]!.conjunctionId);
    expect(await analysis.analyze('CNJ-1999-999')).toBeUndefined();
  }, 300_000);

  it('marks a run that fails mid-way failed and keeps what was stored', async () => {
    const open = await repos.conjunctions.open();
    await catalog.importElementSets(formatTleText([later(catalog.entry(open[0]!.secondaryNorad)!.set, 2)]), { source: 'import', label: 'second.tle' }, new Date(NOW + 2 * DAY));
    await ops.whenIdle();
    const eventsBefore = await allEvents();
    const maneuversBefore = await repos.maneuvers.since(new Date(0));
    failAt = 'conjunctions';
    const outcome = await ops.runNow('manual', new Date(NOW + 2 * DAY + HOUR));
    failAt = undefined;
    expect(outcome).toMatchObject({ status: 'failed', error: 'injected failure after conjunctions' });
    expect(await repos.runs.latest()).toMatchObject({ id: outcome.runId, status: 'failed', error: 'injected failure after conjunctions', finishedAt: expect.any(Date) });
    expect(view.stats().body.screeningStatus).toBe('failed');
    const eventsAfter = await allEvents();
    for (const e of eventsBefore) expect(eventsAfter.some((x) => x.id === e.id)).toBe(true);
    expect(await repos.maneuvers.since(new Date(0))).toHaveLength(maneuversBefore.length);
    for (const row of open) expect(await repos.conjunctions.byConjunctionId(row.conjunctionId)).toBeDefined();

    const next = await ops.runNow('manual', new Date(NOW + 2 * DAY + 2 * HOUR));
    expect(next.status).toBe('completed');
    expect(view.stats().body.screeningStatus).toBe('idle');

    // A failure after the proximities stage: the conjunction and proximity writes before it are
    // committed and what the engine serves; the manoeuvre and threat stages never ran.
    const maneuversBeforeLate = await repos.maneuvers.since(new Date(0));
    failAt = 'proximities';
    const late = await ops.runNow('manual', new Date(NOW + 2 * DAY + 2 * HOUR + 20 * 60_000));
    failAt = undefined;
    expect(late).toMatchObject({ status: 'failed', error: 'injected failure after proximities' });
    expect(late.timings).toMatchObject({ conjunctionsMs: expect.any(Number), proximitiesMs: expect.any(Number) });
    expect(late.timings.maneuversMs).toBeUndefined();
    expect(late.timings.threatsMs).toBeUndefined();
    expect(await repos.runs.latest()).toMatchObject({ id: late.runId, status: 'failed', error: 'injected failure after proximities', finishedAt: expect.any(Date) });
    expect(view.stats().body.screeningStatus).toBe('failed');
    const storedOpen = await repos.conjunctions.open();
    expect(storedOpen.length).toBeGreaterThan(0);
    // The card serves the committed open events at or above ALERT_LEVEL (high by default; issue 29).
    const stored = storedOpen.filter((e) => e.riskLevel === 'high' || e.riskLevel === 'critical').map((e) => e.conjunctionId).sort();
    expect(view.activeConjunctions().body.map((c) => c.conjunctionId).sort()).toEqual(stored);
    expect(await repos.maneuvers.since(new Date(0))).toHaveLength(maneuversBeforeLate.length);

    const recovered = await ops.runNow('manual', new Date(NOW + 2 * DAY + 2 * HOUR + 40 * 60_000));
    expect(recovered.status).toBe('completed');
    expect(view.stats().body.screeningStatus).toBe('idle');
  }, 300_000);

  it('writes a run atomically: a conflict leaves the events as they were', async () => {
    const open = await repos.conjunctions.open();
    const row = open[0]!;
    const { id: _id, ...copy } = row;
    const runId = (await repos.runs.latest())!.id;
    const update = { at: new Date(), tca: row.tca, missKm: 9, pc: 0, maxPc: 0, riskLevel: 'low', sigmaM: null, source: 'screening', pcMethod: 'pc2d' };
    await expect(
      repos.conjunctions.applyRun({
        runId,
        created: [{ event: { ...copy, conjunctionId: row.conjunctionId }, update }],
        updated: [{ id: row.id, set: { missKm: 9 }, update }],
        closed: [],
        events: [{ eventType: 'alert_updated', timestamp: new Date(), description: 'x', conjunctionId: null, noradId: null }],
      }),
    ).rejects.toThrow();
    expect((await repos.conjunctions.byConjunctionId(row.conjunctionId))!.missKm).toBe(row.missKm);
    expect((await allEvents()).some((e) => e.description === 'x')).toBe(false);
  });

  it('after a restart: marks the interrupted run failed and detects no manoeuvre twice', async () => {
    const interrupted = await repos.runs.start({
      reason: 'interval',
      startedAt: new Date(NOW + 2 * DAY),
      windowStart: new Date(NOW + 2 * DAY),
      windowEnd: new Date(NOW + 9 * DAY),
      thresholdKm: 10,
      catalogVersion: 'x',
      primaries: 0,
      objects: 0,
      pairs: 0,
    });
    const riskBefore = { adversary: view.adversaryRisk().body, debris: view.debrisRisk().body };
    expect(riskBefore.adversary.length).toBeGreaterThan(0);
    expect(riskBefore.debris.length).toBeGreaterThan(0);
    await ops.stop();
    ({ scheduler: ops, readModel: view, analysis } = createOperations(catalog, screening, repos, options(hook), silent));
    const restartAt = NOW + 2 * DAY + 3 * HOUR;
    await ops.initialise(new Date(restartAt));
    expect(await repos.runs.get(interrupted)).toMatchObject({ status: 'failed', error: 'interrupted by restart' });
    // Before any run, the risk lists are those of the last completed run (but for approaches now passed).
    const upcoming = (items: RiskItem[]) => items.filter((i) => Date.parse(i.time) >= restartAt).map(({ dayFromNow: _days, ...rest }) => rest);
    expect(upcoming(riskBefore.adversary).length).toBeGreaterThan(0);
    expect(upcoming(riskBefore.debris).length).toBeGreaterThan(0);
    expect(upcoming(view.adversaryRisk().body)).toEqual(expect.arrayContaining(upcoming(riskBefore.adversary)));
    expect(upcoming(view.debrisRisk().body)).toEqual(expect.arrayContaining(upcoming(riskBefore.debris)));
    expect(view.adversaryRisk().body.length).toBeGreaterThan(0);
    const maneuvers = await repos.maneuvers.since(new Date(0));
    const count = (await allEvents()).filter((e) => e.eventType === 'maneuver_detected').length;
    const outcome = await ops.runNow('start-up', new Date(NOW + 2 * DAY + 3 * HOUR));
    expect(outcome).toMatchObject({ status: 'completed', maneuvers: 0 });
    expect(await repos.maneuvers.since(new Date(0))).toHaveLength(maneuvers.length);
    expect((await allEvents()).filter((e) => e.eventType === 'maneuver_detected')).toHaveLength(count);
  }, 300_000);

  it('coalesces requests made while a run is running into one follow-up run', async () => {
    const at = new Date(NOW + 2 * DAY + 3 * HOUR);
    const first = ops.runNow('manual', at);
    const second = ops.runNow('manual', at);
    const third = ops.runNow('manual', at);
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(a.runId).not.toBe(b.runId);
    expect(b.runId).toBe(c.runId);
    await ops.whenIdle();
  }, 300_000);

  it('tells an SST analysis that waits behind a run what it waits for, then runs it', async () => {
    const fleet = catalog.fleet().map((e) => e.object.noradId);
    const at = NOW + 2 * DAY + 3 * HOUR;
    const run = ops.runNow('manual', new Date(at));
    // The run reaches the pool first (its adversary screening), then the analysis queues behind it.
    await expect.poll(() => screening.screeningsAhead, { interval: 5 }).toBeGreaterThan(0);
    const reports: { step: string; detail: string }[] = [];
    const result = await screening.runAnalysis('queued-1', { primaries: fleet.slice(0, 1), startMs: at, endMs: at + DAY, thresholdKm: 10 }, (p) => reports.push(p), new AbortController().signal);
    expect(reports[0]).toMatchObject({ step: 'prepare', detail: expect.stringMatching(/^Waiting for [1-9]\d* screening\(s\) ahead of it on the workers/) });
    expect(reports.at(-1)?.step).not.toBe('prepare');
    expect(result.total_objects).toBeGreaterThan(0);
    expect((await run).status).toBe('completed');
    expect(screening.screeningsAhead).toBe(0);
  }, 300_000);

  it('runs instantly and harmlessly without a fleet', async () => {
    const noFleet = new CatalogService(new CatalogRepository(database.db), { fleetOwners: ['NOBODY'], fleetNoradIds: [], demo: false }, silent);
    await noFleet.initialise(new Date(NOW));
    const idle = new ScreeningService(noFleet, { originator: 'X', workers: 1 });
    const service = createOperations(noFleet, idle, repos, options(undefined), silent).scheduler;
    await service.initialise(new Date(NOW + 3 * DAY));
    const started = performance.now();
    const outcome = await service.runNow('manual', new Date(NOW + 3 * DAY));
    expect(outcome).toMatchObject({ status: 'completed', created: 0 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await repos.runs.get(outcome.runId!)).toMatchObject({ status: 'completed', primaries: 0, pairs: 0 });
    await service.stop();
    await idle.close();
  }, 120_000);
});
