/**
 * The Monte Carlo check of a stored conjunction event, on demand (issue 27): a background job per
 * event, on worker threads (core probability's Monte Carlo through workers/monte-carlo), observed by
 * polling its state. The inputs are the event's own: its states at TCA and covariances (the CDM's,
 * or the element-set model's rebuilt from the stored sigmas) and hard-body radius; the window is
 * the one CARA's PcMultiStepWithSDMC gives (from a 3D-Nc run). Finished checks are kept in memory
 * for a few hours, like SST analyses.
 *
 * Where the method choice calls for a Monte Carlo (3D-Nc failed its own usage tests or did not
 * converge; screening runs one by itself only from a Pc of 1e-4), a completed check is the event's
 * Pc: the event takes its value and the method 'sdmc', its history gains the estimate, and a change
 * of risk level is announced, as a screening run's would be (`storedAs: 'chosen'`). Unless the event
 * was re-estimated while the check ran ('stale': the newer estimate stands). Elsewhere the check is
 * reported beside the event, which it leaves unchanged ('beside').
 */
import { availableParallelism } from 'node:os';
import type { MonteCarloCheck } from '../../../contracts/conjunction-events.ts';
import { assessPc, MONTE_CARLO_DEFAULTS, riskLevel, monteCarloWindowFor, type MonteCarloPcResult, type PcAssessmentInput, type PcMethod } from '../../../core/probability/index.ts';
import type { ConjunctionEventRepository, ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import { runMonteCarlo, type MonteCarloRunOptions } from '../../workers/monte-carlo/monte-carlo-pool.ts';
import { alertUpdatedText } from '../operations/descriptions.ts';
import { isEventDetails, type EventDetails } from '../operations/views.ts';
import { assessmentInputOf } from './conjunction-query-service.ts';

/** Why a check cannot start: the event is unknown, or its numbers give the Monte Carlo nothing to draw from. */
export class MonteCarloCheckError extends Error {
  constructor(
    readonly kind: 'not-found' | 'unusable',
    message: string,
  ) {
    super(message);
  }
}

type Runner = (input: PcAssessmentInput, options: Parameters<typeof runMonteCarlo>[1], run: MonteCarloRunOptions) => Promise<MonteCarloPcResult>;

interface CheckState {
  check: MonteCarloCheck;
  controller: AbortController;
  finished: Promise<void>;
  finishedAtMs?: number;
}

const KEEP_CHECKS = 50;
const KEEP_MS = 6 * 3_600_000;

export class MonteCarloChecks {
  private readonly checks = new Map<string, CheckState>();

  constructor(
    private readonly events: Pick<ConjunctionEventRepository, 'byConjunctionId' | 'applyEstimateIfUnchanged'>,
    private readonly runner: Runner = runMonteCarlo,
    /** Threads a check uses: all cores but one, which screening and the event loop keep. */
    private readonly threads: number = Math.max(1, availableParallelism() - 1),
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The latest check of an event, or undefined when none was run (or it was forgotten). */
  get(conjunctionId: string): MonteCarloCheck | undefined {
    return this.checks.get(conjunctionId)?.check;
  }

  /** The latest check of a stored event, null when none was run; MonteCarloCheckError('not-found') for an unknown event. */
  async latest(conjunctionId: string): Promise<MonteCarloCheck | null> {
    const check = this.get(conjunctionId);
    if (check) return check;
    if (!(await this.events.byConjunctionId(conjunctionId))) throw new MonteCarloCheckError('not-found', `No conjunction ${conjunctionId}`);
    return null;
  }

  /** Starts a check of the event (or returns the one still running). */
  async start(conjunctionId: string, request: { maxSamples?: number; seed?: number }): Promise<MonteCarloCheck> {
    const running = this.checks.get(conjunctionId);
    if (running?.check.status === 'running') return running.check;
    const row = await this.events.byConjunctionId(conjunctionId);
    if (!row) throw new MonteCarloCheckError('not-found', `No conjunction ${conjunctionId}`);
    const details = isEventDetails(row.details) ? row.details : undefined;
    const input = details ? assessmentInputOf(details) : null;
    if (!input) throw new MonteCarloCheckError('unusable', `Conjunction ${conjunctionId} has no 6×6 covariances of both objects at TCA to draw from`);
    let assessment;
    try {
      assessment = assessPc(input);
    } catch (error) {
      if (error instanceof RangeError) throw new MonteCarloCheckError('unusable', `Conjunction ${conjunctionId}: ${error.message}`);
      throw error;
    }
    // CARA's window: from the 3D-Nc run of the method choice, or one made for it.
    const window = monteCarloWindowFor(input, assessment);
    this.evict();
    const maxSamples = request.maxSamples ?? MONTE_CARLO_DEFAULTS.maxSamples;
    const seed = request.seed ?? MONTE_CARLO_DEFAULTS.seed;
    const state: CheckState = {
      check: {
        conjunctionId,
        status: 'running',
        samples: 0,
        hits: 0,
        maxSamples,
        seed,
        startedAt: this.now().toISOString(),
        finishedAt: null,
        windowStartS: window.startS,
        windowEndS: window.endS,
        analyticPc: details?.pcUndefined ? null : row.pc,
        analyticMethod: row.pcMethod as PcMethod,
        calledFor: assessment.monteCarloCalledFor?.reason ?? null,
        result: null,
        storedAs: null,
        error: null,
      },
      controller: new AbortController(),
      finished: Promise.resolve(),
    };
    this.checks.set(conjunctionId, state);
    const end = (patch: Partial<MonteCarloCheck>) => {
      state.check = { ...state.check, ...patch, finishedAt: this.now().toISOString() };
      state.finishedAtMs = Date.now();
    };
    const called = assessment.monteCarloCalledFor !== null;
    state.finished = this.runner(input, { maxSamples, seed, window }, { threads: this.threads, signal: state.controller.signal, onProgress: (p) => (state.check = { ...state.check, samples: p.samples, hits: p.hits }) }).then(
      async (mc) => {
        const result = { pc: mc.pc, lower: mc.interval[0], upper: mc.interval[1], confidence: mc.confidence, stoppedBy: mc.stoppedBy };
        let storedAs: MonteCarloCheck['storedAs'] = 'beside';
        if (called && details) {
          try {
            storedAs = (await this.store(row, details, mc, assessment.monteCarloCalledFor!.reason)) ? 'chosen' : 'stale';
          } catch (error) {
            end({ status: 'failed', samples: mc.samples, hits: mc.hits, result, error: `The Monte Carlo finished but the event could not be updated: ${error instanceof Error ? error.message : String(error)}` });
            return;
          }
        }
        end({ status: 'completed', samples: mc.samples, hits: mc.hits, result, storedAs });
      },
      (error: unknown) => end(state.controller.signal.aborted ? { status: 'cancelled', error: 'Cancelled: the server stopped' } : { status: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
    return state.check;
  }

  /** The Monte Carlo as the event's estimate (see above); false when the event changed meanwhile. */
  private async store(row: ConjunctionEventRow, details: EventDetails, mc: MonteCarloPcResult, reason: string): Promise<boolean> {
    const at = this.now();
    const level = riskLevel(mc.pc);
    const maxPc = Math.max(row.maxPc, mc.pc);
    const [lo, hi] = mc.interval;
    const pcNote = `Monte Carlo on demand, as ${reason}: ${mc.hits} hits in ${mc.samples} trials, 95 % interval ${lo.toExponential(2)} to ${hi.toExponential(2)}.`;
    const events =
      level === row.riskLevel
        ? []
        : [
            {
              eventType: 'alert_updated',
              timestamp: at,
              description: alertUpdatedText({ conjunctionId: row.conjunctionId, primaryName: details.primary.name, secondaryName: details.secondary.name, tcaMs: row.tca.getTime(), missKm: row.missKm, pc: mc.pc, riskLevel: level }, row.riskLevel),
              conjunctionId: row.conjunctionId,
              noradId: row.secondaryNorad,
            },
          ];
    return this.events.applyEstimateIfUnchanged({
      id: row.id,
      lastUpdated: row.lastUpdated,
      set: { pc: mc.pc, maxPc, riskLevel: level, pcMethod: 'sdmc', lastUpdated: at, details: { ...details, pcNote, pcUndefined: false } },
      update: { at, tca: row.tca, missKm: row.missKm, pc: mc.pc, maxPc, riskLevel: level, sigmaM: details.sigmaM, source: row.source, pcMethod: 'sdmc' },
      events,
    });
  }

  /** Cancels the running checks and waits for them (server shutdown). */
  async stop(): Promise<void> {
    const running = [...this.checks.values()].filter((s) => s.check.status === 'running');
    for (const s of running) s.controller.abort(new Error('the server stopped'));
    await Promise.allSettled(running.map((s) => s.finished));
  }

  /** Forgets finished checks past KEEP_MS, and the oldest past KEEP_CHECKS. */
  private evict(): void {
    const nowMs = Date.now();
    const finished = [...this.checks.entries()].filter(([, s]) => s.finishedAtMs !== undefined).sort((a, b) => a[1].finishedAtMs! - b[1].finishedAtMs!);
    finished.forEach(([id, s], i) => {
      if (nowMs - s.finishedAtMs! > KEEP_MS || finished.length - i > KEEP_CHECKS) this.checks.delete(id);
    });
  }
}
