/**
 * The Monte Carlo check of a stored conjunction event, on demand (issue 27): a background job per
 * event, on worker threads (core probability's Monte Carlo through workers/monte-carlo), observed by
 * polling its state. The inputs are the event's own: its states at TCA and covariances (the CDM's,
 * or the element-set model's rebuilt from the stored sigmas) and hard-body radius; the window is
 * the one CARA's PcMultiStepWithSDMC gives (from a 3D-Nc run). Finished checks are kept in memory
 * for a few hours, like SST analyses; they do not change the stored event.
 */
import { availableParallelism } from 'node:os';
import type { MonteCarloCheck } from '../../../contracts/conjunction-events.ts';
import { assessPc, MONTE_CARLO_DEFAULTS, monteCarloWindowFor, type MonteCarloPcResult, type PcAssessmentInput, type PcMethod } from '../../../core/probability/index.ts';
import type { ConjunctionEventRepository } from '../../repositories/conjunction-event-repository.ts';
import { runMonteCarlo, type MonteCarloRunOptions } from '../../workers/monte-carlo/monte-carlo-pool.ts';
import { isEventDetails } from '../operations/views.ts';
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
    private readonly events: Pick<ConjunctionEventRepository, 'byConjunctionId'>,
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
    state.finished = this.runner(input, { maxSamples, seed, window }, { threads: this.threads, signal: state.controller.signal, onProgress: (p) => (state.check = { ...state.check, samples: p.samples, hits: p.hits }) }).then(
      (mc) => end({ status: 'completed', samples: mc.samples, hits: mc.hits, result: { pc: mc.pc, lower: mc.interval[0], upper: mc.interval[1], confidence: mc.confidence, stoppedBy: mc.stoppedBy } }),
      (error: unknown) => end(state.controller.signal.aborted ? { status: 'cancelled', error: 'Cancelled: the server stopped' } : { status: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
    return state.check;
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
