/**
 * Avoidance plans of conjunction events (issue 28): a burn of the event's primary, screened against
 * the whole catalogue on a worker thread (screening/plan-screening.ts), stored with the event, and
 * chosen or discarded by an operator, who is recorded. A plan is written whole at each step (one
 * statement each: made, screened or failed, decided); a server that stops mid-screening leaves the
 * plan 'screening', which the next start marks failed with the reason (`failInterrupted`).
 *
 * The plan's trajectory without the burn is the primary's operator ephemeris where one covers the
 * burn and an hour past the event's TCA (the window then ends an hour before the ephemeris does, if
 * it would run past it), else its element set (SGP4); the plan records which.
 *
 * The post-burn ephemeris (CCSDS OEM, TEME, 60 s) and the burn summary (CCSDS OPM with its
 * manoeuvre block, 502.0-B-2 §3) are written on request from the stored plan and its reference
 * (element set or ephemeris), so a download is the track that was screened.
 */
import type { AvoidancePlan, PlanRequest, PlanResult } from '../../../contracts/avoidance.ts';
import { postBurnTrack, rtnToInertialVector, sgp4StateAt, type StateAt } from '../../../core/avoidance/index.ts';
import type { ObjectType } from '../../../core/catalog/index.ts';
import type { ElementSet } from '../../../core/elements/index.ts';
import { oemTrack, writeOem, type EphemerisState, type Oem } from '../../../core/ephemeris/index.ts';
import { createSgp4 } from '../../../core/propagation/index.ts';
import { utcMs } from '../../../core/units.ts';
import type { ConjunctionEventRepository } from '../../repositories/conjunction-event-repository.ts';
import type { ConjunctionPlanRepository, ConjunctionPlanRow } from '../../repositories/conjunction-plan-repository.ts';
import { TrackPool, type PlanOutcome } from '../../workers/plan/plan-runner.ts';
import type { PlanJob } from '../../workers/plan/plan-protocol.ts';
import type { CatalogService } from '../catalog-service.ts';
import type { EphemerisService } from '../ephemerides/ephemeris-service.ts';
import { isEventDetails } from '../operations/views.ts';

export class PlanError extends Error {
  constructor(
    readonly kind: 'not-found' | 'unusable' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

type Runner = (job: PlanJob, signal?: AbortSignal) => Promise<PlanOutcome>;

export const PLAN_DEFAULTS = { targetPc: 1e-4, thresholdKm: 5, windowDays: 7 } as const;
const DAY_MS = 86_400_000;
const STEP_MS = 60_000;

export class AvoidancePlans {
  private readonly running = new Map<number, { controller: AbortController; finished: Promise<void> }>();
  /** The track threads plans are screened on, kept between plans with their shares of the catalogue (started by the first plan). */
  private readonly pool = new TrackPool();
  private readonly runner: Runner;

  constructor(
    private readonly events: Pick<ConjunctionEventRepository, 'byConjunctionId'>,
    private readonly plans: ConjunctionPlanRepository,
    private readonly catalog: Pick<CatalogService, 'entry' | 'all'> & Partial<Pick<CatalogService, 'changeCount'>>,
    runner?: Runner,
    private readonly now: () => Date = () => new Date(),
    private readonly ephemerides?: Pick<EphemerisService, 'coveringEphemeris' | 'read'>,
  ) {
    this.runner = runner ?? ((job, signal) => this.pool.runPlan(job, signal));
  }

  /** Plans a stopped server left screening are marked failed (call once at start). */
  async recover(): Promise<number> {
    return this.plans.failInterrupted(this.now());
  }

  private async event(conjunctionId: string) {
    const row = await this.events.byConjunctionId(conjunctionId);
    if (!row) throw new PlanError('not-found', `No conjunction ${conjunctionId}`);
    return row;
  }

  async list(conjunctionId: string): Promise<AvoidancePlan[]> {
    const row = await this.event(conjunctionId);
    return (await this.plans.byEvent(row.id)).map((p) => this.view(conjunctionId, p));
  }

  async get(conjunctionId: string, planId: number): Promise<ConjunctionPlanRow> {
    const row = await this.event(conjunctionId);
    const plan = await this.plans.get(row.id, planId);
    if (!plan) throw new PlanError('not-found', `No plan ${planId} of ${conjunctionId}`);
    return plan;
  }

  /** Stores the plan and starts its screening; the answer is the plan as stored (status 'screening'). */
  async start(conjunctionId: string, body: PlanRequest, who: string): Promise<AvoidancePlan> {
    const row = await this.event(conjunctionId);
    const entry = this.catalog.entry(row.primaryNorad);
    if (!entry?.set) throw new PlanError('unusable', `The primary ${row.primaryNorad} has no element set in the catalogue to plan on`);
    const details = isEventDetails(row.details) ? row.details : undefined;
    const tcaMs = row.tca.getTime();
    const burnMs = tcaMs - body.leadS * 1000;
    const request = { ...PLAN_DEFAULTS, ...body };
    // The window runs from the burn; it reaches at least an hour past the event's TCA.
    let windowEndMs = Math.max(burnMs + request.windowDays * DAY_MS, tcaMs + 3_600_000);
    // An operator ephemeris that holds the burn and the event (and the hour past it the track needs) is the plan's trajectory.
    const covering = await this.ephemerides?.coveringEphemeris(row.primaryNorad, burnMs, tcaMs + 2 * 3_600_000);
    if (covering) windowEndMs = Math.min(windowEndMs, Date.parse(covering.ephemeris.usableStop) - 3_600_000);
    const at = this.now();
    const plan = await this.plans.insert({
      eventId: row.id,
      createdAt: at,
      createdBy: who,
      burnEpoch: new Date(burnMs),
      dvR: body.dvRtnMps[0],
      dvT: body.dvRtnMps[1],
      dvN: body.dvRtnMps[2],
      targetPc: request.targetPc,
      thresholdKm: request.thresholdKm,
      windowStart: new Date(burnMs),
      windowEnd: new Date(windowEndMs),
      referenceSet: entry.set,
      referenceEphemerisId: covering?.ephemeris.id ?? null,
      status: 'screening',
      screenedAt: null,
      result: null,
      acceptable: null,
      reason: null,
      error: null,
      decidedAt: null,
      decidedBy: null,
    });
    // The catalogue's version for the track pool: the catalogue service's count of changes (one per refresh of its cache).
    const catalogueKey = this.catalog.changeCount === undefined ? undefined : `catalog:${this.catalog.changeCount}`;
    const catalogue: ElementSet[] = [];
    const objectTypes: Record<number, ObjectType> = {};
    const names: Record<number, string> = {};
    for (const e of this.catalog.all()) {
      if (!e.set) continue;
      catalogue.push(e.set);
      objectTypes[e.object.noradId] = e.object.objectType as ObjectType;
      names[e.object.noradId] = e.object.name;
    }
    const job: PlanJob = {
      reference: entry.set,
      ...(covering ? { referenceOem: covering.oem } : {}),
      catalogue,
      ...(catalogueKey === undefined ? {} : { catalogueKey }),
      objectTypes,
      names,
      burnMs,
      dvRtnMps: body.dvRtnMps,
      windowStartMs: burnMs,
      windowEndMs,
      thresholdKm: request.thresholdKm,
      targetPc: request.targetPc,
      event: { secondary: row.secondaryNorad, tcaMs, missKm: row.missKm, pc: details?.pcUndefined ? null : row.pc, pcMethod: row.pcMethod },
    };
    const controller = new AbortController();
    const finished = this.runner(job, controller.signal).then(
      async (outcome) => {
        const screenedAt = this.now();
        // The event's alert change (issue 29), the notifications' "a plan screened", written with the outcome.
        const verdict = outcome.acceptable === null ? 'screened' : outcome.acceptable ? 'acceptable' : 'not acceptable';
        await this.plans.finish(plan.id, { status: 'screened', screenedAt, result: outcome.result, acceptable: outcome.acceptable, reason: outcome.reason }, (p) => ({
          eventId: p.eventId,
          at: screenedAt,
          actor: null,
          kind: 'plan_screened',
          planId: p.id,
          reason: `plan ${p.id} screened: ${verdict}`,
        }));
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return; // the next start marks it interrupted
        await this.plans.finish(plan.id, { status: 'failed', screenedAt: this.now(), error: error instanceof Error ? error.message : String(error) });
      },
    );
    this.running.set(plan.id, { controller, finished: finished.finally(() => this.running.delete(plan.id)) });
    return this.view(conjunctionId, plan);
  }

  /** Chooses or discards a screened plan; one plan of an event may be chosen. */
  async decide(conjunctionId: string, planId: number, decision: 'chosen' | 'discarded', who: string): Promise<AvoidancePlan> {
    const plan = await this.get(conjunctionId, planId);
    if (plan.status !== 'screened') throw new PlanError('conflict', `Plan ${planId} is ${plan.status}; only a screened plan can be ${decision}`);
    if (decision === 'chosen') {
      const chosen = (await this.plans.byEvent(plan.eventId)).find((p) => p.status === 'chosen');
      if (chosen) throw new PlanError('conflict', `Plan ${chosen.id} of ${conjunctionId} is already chosen`);
    }
    const row = await this.plans.decide(planId, 'screened', decision, this.now(), who);
    if (!row) throw new PlanError('conflict', `Plan ${planId} changed meanwhile; read it again`);
    return this.view(conjunctionId, row);
  }

  /** The trajectory without the burn a stored plan was made on: its operator ephemeris, or its element set by SGP4. */
  private async reference(plan: ConjunctionPlanRow): Promise<StateAt> {
    if (plan.referenceEphemerisId !== null) {
      const oem: Oem | undefined = await this.ephemerides?.read(plan.referenceEphemerisId);
      if (!oem) throw new PlanError('unusable', `The operator ephemeris #${plan.referenceEphemerisId} the plan was made on is not stored`);
      return oemTrack(oem).state;
    }
    return sgp4StateAt(createSgp4(plan.referenceSet as ElementSet));
  }

  /** The post-burn track of a stored plan (its reference plus the burn). */
  private async track(plan: ConjunctionPlanRow): Promise<StateAt> {
    return postBurnTrack(await this.reference(plan), plan.burnEpoch.getTime(), [plan.dvR, plan.dvT, plan.dvN], plan.windowEnd.getTime() + STEP_MS);
  }

  /** The post-burn ephemeris as CCSDS OEM (KVN, TEME, 60 s over the plan's window). */
  async oem(conjunctionId: string, planId: number): Promise<string> {
    const plan = await this.get(conjunctionId, planId);
    const set = plan.referenceSet as ElementSet;
    const track = await this.track(plan);
    const states: EphemerisState[] = [];
    for (let t = plan.windowStart.getTime(); t <= plan.windowEnd.getTime(); t += STEP_MS) {
      const s = track(t);
      if (s) states.push({ epoch: utcMs(t), r: s.r, v: s.v });
    }
    return writeOem(
      [
        {
          objectName: set.name ?? String(set.norad),
          objectId: set.cosparId ?? String(set.norad),
          refFrame: 'TEME',
          states,
          interpolation: { method: 'LAGRANGE', degree: 7 },
          comments: [
            `Avoidance plan ${planId} of ${conjunctionId}: burn at ${plan.burnEpoch.toISOString()}, dv RTN [${plan.dvR}, ${plan.dvT}, ${plan.dvN}] m/s`,
            `${plan.referenceEphemerisId !== null ? `The operator ephemeris #${plan.referenceEphemerisId}` : 'SGP4 of the reference element set'} plus the burn effect (two-body + J2, Dormand-Prince 8(5,3))`,
          ],
        },
      ],
      { creationDate: utcMs(this.now().getTime()), originator: 'DATA FORGE' },
    );
  }

  /** The burn summary as a CCSDS OPM (KVN, 502.0-B-2 §3.2: state at the burn and one impulsive manoeuvre in RTN, km/s). */
  async opm(conjunctionId: string, planId: number): Promise<string> {
    const plan = await this.get(conjunctionId, planId);
    const set = plan.referenceSet as ElementSet;
    const burnMs = plan.burnEpoch.getTime();
    const s = (await this.reference(plan))(burnMs);
    if (!s) throw new PlanError('unusable', `The plan's reference gives no state of ${set.norad} at the burn`);
    const epoch = (ms: number) => new Date(ms).toISOString().replace('Z', '');
    const f = (x: number) => x.toFixed(9);
    const dvInertial = rtnToInertialVector([...s.r, ...s.v].map((x) => x * 1000), [plan.dvR, plan.dvT, plan.dvN]);
    return [
      'CCSDS_OPM_VERS = 2.0',
      `COMMENT Avoidance plan ${planId} of ${conjunctionId}; inertial dv (TEME) [${dvInertial.map((x) => (x / 1000).toFixed(9)).join(', ')}] km/s`,
      `CREATION_DATE = ${epoch(this.now().getTime())}`,
      'ORIGINATOR = DATA FORGE',
      '',
      `OBJECT_NAME = ${set.name ?? set.norad}`,
      `OBJECT_ID = ${set.cosparId ?? set.norad}`,
      'CENTER_NAME = EARTH',
      'REF_FRAME = TEME',
      'TIME_SYSTEM = UTC',
      '',
      `EPOCH = ${epoch(burnMs)}`,
      `X = ${f(s.r[0])}`,
      `Y = ${f(s.r[1])}`,
      `Z = ${f(s.r[2])}`,
      `X_DOT = ${f(s.v[0])}`,
      `Y_DOT = ${f(s.v[1])}`,
      `Z_DOT = ${f(s.v[2])}`,
      '',
      `MAN_EPOCH_IGNITION = ${epoch(burnMs)}`,
      'MAN_DURATION = 0.0',
      'MAN_DELTA_MASS = -0.001',
      'MAN_REF_FRAME = RTN',
      `MAN_DV_1 = ${(plan.dvR / 1000).toFixed(12)}`,
      `MAN_DV_2 = ${(plan.dvT / 1000).toFixed(12)}`,
      `MAN_DV_3 = ${(plan.dvN / 1000).toFixed(12)}`,
      '',
    ].join('\n');
  }

  /** Stops the screenings in flight (server shutdown) and ends the track threads; the plans stay 'screening' until the next start. */
  async stop(): Promise<void> {
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort(new Error('the server stopped'));
    await Promise.allSettled(all.map((r) => r.finished));
    await this.pool.close();
  }

  /** Waits for the screenings in flight (tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((r) => r.finished));
  }

  private view(conjunctionId: string, p: ConjunctionPlanRow): AvoidancePlan {
    const base = `/api/conjunctions/${conjunctionId}/plans/${p.id}`;
    return {
      id: p.id,
      conjunctionId,
      status: p.status as AvoidancePlan['status'],
      createdAt: p.createdAt.toISOString(),
      createdBy: p.createdBy,
      burn: { epoch: p.burnEpoch.toISOString(), dvRtnMps: [p.dvR, p.dvT, p.dvN], dvMps: Math.hypot(p.dvR, p.dvT, p.dvN) },
      targetPc: p.targetPc,
      thresholdKm: p.thresholdKm,
      window: { start: p.windowStart.toISOString(), end: p.windowEnd.toISOString() },
      reference: p.referenceEphemerisId !== null ? { source: 'ephemeris', ephemerisId: p.referenceEphemerisId } : { source: 'element_set', ephemerisId: null },
      screenedAt: p.screenedAt?.toISOString() ?? null,
      acceptable: p.acceptable,
      reason: p.reason,
      error: p.error,
      decidedAt: p.decidedAt?.toISOString() ?? null,
      decidedBy: p.decidedBy,
      result: (p.result as PlanResult | null) ?? null,
      oemUrl: `${base}/oem`,
      opmUrl: `${base}/opm`,
    };
  }
}
