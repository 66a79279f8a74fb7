/**
 * The avoidance trade space of a stored conjunction event, on demand (issue 28): a background job
 * per event on a worker thread of its own (workers/avoidance), observed by polling. The inputs are
 * the event's own: both states at TCA and their covariances (the CDM's, or the element-set model's
 * rebuilt from the stored sigmas, as the Monte Carlo check takes them) and the hard-body radius.
 *
 * The primary's track is its state at TCA propagated two-body + J2, and a burn's effect the burned
 * minus the unburned propagation from the burn epoch. For an event found by SGP4 screening this is
 * the difference the issue asks to add to the SGP4 track: near TCA, where the outcome is measured,
 * the propagated track and SGP4 agree to the state at TCA they share, and the effect of a burn of
 * cm/s to m/s depends on the burn-epoch state only to second order. Analyses are kept in memory for
 * a few hours, like the Monte Carlo checks; they do not change the event.
 */
import type { AvoidanceAnalysis, AvoidanceRequest } from '../../../contracts/avoidance.ts';
import type { PcMethod } from '../../../contracts/conjunction-events.ts';
import { periodOf, TARGET_PC_LEVELS, type AvoidanceEncounter, type TradeSpace } from '../../../core/avoidance/index.ts';
import type { ConjunctionEventRepository } from '../../repositories/conjunction-event-repository.ts';
import { runTradeSpace } from '../../workers/avoidance/avoidance-runner.ts';
import type { TradeSpaceJob } from '../../workers/avoidance/avoidance-protocol.ts';
import { isEventDetails } from '../operations/views.ts';
import { assessmentInputOf } from './conjunction-query-service.ts';

/** Why an analysis cannot start: the event is unknown, its numbers cannot be planned from, or the request does not fit it. */
export class AvoidanceError extends Error {
  constructor(
    readonly kind: 'not-found' | 'unusable' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

type Runner = (job: TradeSpaceJob, signal?: AbortSignal) => Promise<TradeSpace>;

interface State {
  analysis: AvoidanceAnalysis;
  controller: AbortController;
  finished: Promise<void>;
  finishedAtMs?: number;
}

const KEEP = 50;
const KEEP_MS = 6 * 3_600_000;
const PRIMARY_REFERENCE = "The primary's state at TCA propagated two-body + J2 (Dormand–Prince 8(5,3)); a burn's effect is the burned minus the unburned propagation from the burn";

export const AVOIDANCE_DEFAULTS = { maxDvMps: 0.2, maxLeadOrbits: 3, minLeadS: 600, leadSteps: 60, dvSteps: 40, direction: 'T', targets: [...TARGET_PC_LEVELS] } as const;

export class AvoidanceAnalyses {
  private readonly analyses = new Map<string, State>();

  constructor(
    private readonly events: Pick<ConjunctionEventRepository, 'byConjunctionId'>,
    private readonly runner: Runner = runTradeSpace,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The latest analysis of a stored event, null when none was run; AvoidanceError('not-found') for an unknown event. */
  async latest(conjunctionId: string): Promise<AvoidanceAnalysis | null> {
    const state = this.analyses.get(conjunctionId);
    if (state) return state.analysis;
    if (!(await this.events.byConjunctionId(conjunctionId))) throw new AvoidanceError('not-found', `No conjunction ${conjunctionId}`);
    return null;
  }

  /** Starts an analysis of the event (or returns the one still running). */
  async start(conjunctionId: string, body: AvoidanceRequest): Promise<AvoidanceAnalysis> {
    const running = this.analyses.get(conjunctionId);
    if (running?.analysis.status === 'running') return running.analysis;
    const row = await this.events.byConjunctionId(conjunctionId);
    if (!row) throw new AvoidanceError('not-found', `No conjunction ${conjunctionId}`);
    const details = isEventDetails(row.details) ? row.details : undefined;
    const input = details ? assessmentInputOf(details) : null;
    if (!input) throw new AvoidanceError('unusable', `Conjunction ${conjunctionId} has no states and 6×6 covariances of both objects at TCA to plan from`);
    const encounter: AvoidanceEncounter = {
      primary: { rM: input.r1M, vMPerS: input.v1MPerS, cov: input.cov1 },
      secondary: { rM: input.r2M, vMPerS: input.v2MPerS, cov: input.cov2 },
      hbrM: input.hbrM,
    };
    const period = periodOf(input.r1M, input.v1MPerS);
    if (!Number.isFinite(period)) throw new AvoidanceError('unusable', `Conjunction ${conjunctionId}: the primary is not on a closed orbit`);
    const request = { ...AVOIDANCE_DEFAULTS, ...body, targets: body.targets ?? [...AVOIDANCE_DEFAULTS.targets] };
    const maxLeadS = request.maxLeadOrbits * period;
    if (!(maxLeadS > request.minLeadS)) throw new AvoidanceError('invalid', `minLeadS (${request.minLeadS} s) must be shorter than maxLeadOrbits × the primary's period (${maxLeadS.toFixed(0)} s)`);
    const n = request.leadSteps;
    const leadTimesS = Array.from({ length: n }, (_, i) => (n === 1 ? maxLeadS : request.minLeadS + ((maxLeadS - request.minLeadS) * i) / (n - 1)));
    const dvMagnitudesMps = Array.from({ length: request.dvSteps }, (_, j) => Number(((request.maxDvMps * (j + 1)) / request.dvSteps).toPrecision(12)));
    this.evict();
    const state: State = {
      analysis: {
        conjunctionId,
        status: 'running',
        startedAt: this.now().toISOString(),
        finishedAt: null,
        request,
        tca: row.tca.toISOString(),
        pc: details?.pcUndefined ? null : row.pc,
        pcMethod: row.pcMethod as PcMethod,
        missM: row.missKm * 1000,
        primaryReference: PRIMARY_REFERENCE,
        result: null,
        error: null,
      },
      controller: new AbortController(),
      finished: Promise.resolve(),
    };
    this.analyses.set(conjunctionId, state);
    const end = (patch: Partial<AvoidanceAnalysis>) => {
      state.analysis = { ...state.analysis, ...patch, finishedAt: this.now().toISOString() };
      state.finishedAtMs = Date.now();
    };
    state.finished = this.runner({ encounter, maxLeadS, leadTimesS, dvMagnitudesMps, direction: request.direction, targets: request.targets }, state.controller.signal).then(
      (space) =>
        end({
          status: 'completed',
          result: {
            leadTimesS: [...space.leadTimesS],
            dvMagnitudesMps: [...space.dvMagnitudesMps],
            pc: space.cells.map((row) => row.map((c) => c.pc)),
            missM: space.cells.map((row) => row.map((c) => c.missM)),
            minimumDv: space.minimumDv.map((m) => ({ targetPc: m.targetPc, leadS: m.leadS, dvMps: m.dvMps, directionRtn: m.directionRtn ? [...m.directionRtn] : null, pc: m.pc, missM: m.missM })),
          },
        }),
      (error: unknown) => end({ status: 'failed', error: state.controller.signal.aborted ? 'Cancelled: the server stopped' : error instanceof Error ? error.message : String(error) }),
    );
    return state.analysis;
  }

  /** Cancels the running analyses and waits for them (server shutdown). */
  async stop(): Promise<void> {
    const running = [...this.analyses.values()].filter((s) => s.analysis.status === 'running');
    for (const s of running) s.controller.abort(new Error('the server stopped'));
    await Promise.allSettled(running.map((s) => s.finished));
  }

  private evict(): void {
    const nowMs = Date.now();
    const finished = [...this.analyses.entries()].filter(([, s]) => s.finishedAtMs !== undefined).sort((a, b) => a[1].finishedAtMs! - b[1].finishedAtMs!);
    finished.forEach(([id, s], i) => {
      if (nowMs - s.finishedAtMs! > KEEP_MS || finished.length - i > KEEP) this.analyses.delete(id);
    });
  }
}
