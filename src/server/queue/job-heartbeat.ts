/**
 * The submitter's side of a screening job's life (issue 13: "a crash at any moment leaves a
 * consistent database that the next start completes or reports").
 *
 * Whoever submits a job (a server, `ssa screen --queue`) waits for its shards, merges them, runs
 * the risk step and stores the result; the workers only screen shards. If the submitter dies, the
 * shards may all be done and nobody would ever finish the job: a catalogue-wide job would stay
 * 'running' and refuse every new run with 409. So each submitter beats for the jobs it holds
 * (every BEAT_SECONDS, one UPDATE, only while it is the job's owner), and a server with the job
 * queue looks every minute for jobs whose heartbeat is older than ORPHAN_SECONDS at two looks in a
 * row: it adopts each with one atomic update (only one server can; it becomes the owner), then
 * completes it (catalogue-wide on the queue: its shards are in the database, so the server waits
 * for them, merges and stores) or ends it as failed, saying why (fleet and SST jobs answer a
 * caller that is gone; jobs on a dead server's threads have no shards to wait for).
 */
import type { ScreeningJobRepository, ScreeningJobRow } from '../repositories/screening-job-repository.ts';

/** Seconds between a submitter's heartbeats. */
export const BEAT_SECONDS = 15;
/** Seconds without a heartbeat after which a job's submitter is taken for dead (8 missed beats). */
export const ORPHAN_SECONDS = 120;

export interface OrphanHandling {
  /** Called once per adopted job (this process is now its submitter). */
  readonly onOrphan: (job: ScreeningJobRow) => Promise<void>;
  /** Seconds between looks for orphans (default 60). */
  readonly everySeconds?: number;
  /** Seconds without a heartbeat that make an orphan (default ORPHAN_SECONDS). */
  readonly staleSeconds?: number;
  readonly log?: (message: string) => void;
}

export class JobHeartbeat {
  /** Held jobs, each with what to do if it is lost (adopted by another server, or ended). */
  private readonly held = new Map<string, () => void>();
  private beatTimer: ReturnType<typeof setInterval> | undefined;
  private reapTimer: ReturnType<typeof setInterval> | undefined;
  private reaping: Promise<void> = Promise.resolve();
  /** Jobs seen silent at the previous look, with the heartbeat seen: adopted only if still as silent at the next. */
  private suspects = new Map<string, Date>();
  private stopped = false;

  constructor(
    private readonly repo: ScreeningJobRepository,
    /** This process's name as a holder (screening_jobs.owner). */
    readonly owner: string,
    private readonly beatSeconds = BEAT_SECONDS,
  ) {}

  /**
   * This process holds the job from now on (recorded with `owner`, or adopted). `onLost` is called
   * if a beat finds it no longer ours: another server adopted it (this process was silent too
   * long, e.g. through a database outage) or it ended (cancelled by an operator).
   */
  hold(jobId: string, onLost: () => void = () => undefined): void {
    this.held.set(jobId, onLost);
    if (this.stopped) return;
    this.beatTimer ??= setInterval(() => void this.beat(), this.beatSeconds * 1000);
    this.beatTimer.unref?.();
  }

  release(jobId: string): void {
    this.held.delete(jobId);
    if (this.held.size === 0 && this.beatTimer) {
      clearInterval(this.beatTimer);
      this.beatTimer = undefined;
    }
  }

  /** Jobs this process holds now. */
  get holding(): readonly string[] {
    return [...this.held.keys()];
  }

  private async beat(): Promise<void> {
    const ids = [...this.held.keys()];
    let kept: string[];
    try {
      kept = await this.repo.beat(ids, this.owner);
    } catch {
      return; // a missed beat is harmless: eight in a row make an orphan
    }
    const ours = new Set(kept);
    for (const id of ids) {
      const onLost = this.held.get(id);
      if (ours.has(id) || !onLost) continue;
      this.release(id);
      onLost();
    }
  }

  /** Looks for orphans now and then every `everySeconds`; each adopted one goes to `onOrphan`. */
  watchOrphans(handling: OrphanHandling): void {
    if (this.stopped) return;
    const look = () => {
      this.reaping = this.reaping.then(async () => void (await this.reap(handling))).catch((error: Error) => handling.log?.(`looking for orphaned screening jobs failed: ${error.message}`));
    };
    look();
    this.reapTimer = setInterval(look, (handling.everySeconds ?? 60) * 1000);
    this.reapTimer.unref?.();
  }

  /** Stops looking for orphans (first on shutdown: a stopping server adopts nothing). */
  async stopWatching(): Promise<void> {
    clearInterval(this.reapTimer);
    this.reapTimer = undefined;
    await this.reaping;
  }

  /**
   * One look: a job silent for `staleSeconds` at two consecutive looks, with no beat between them,
   * is adopted (one atomic update: one server wins) and handed to `onOrphan`. Two looks, so that a
   * server coming back from a database outage does not take the jobs of submitters that are about
   * to beat again. Returns how many were adopted (tests call it directly).
   */
  async reap(handling: OrphanHandling): Promise<number> {
    if (this.stopped) return 0;
    const stale = handling.staleSeconds ?? ORPHAN_SECONDS;
    let adopted = 0;
    const suspects = new Map<string, Date>();
    for (const job of await this.repo.orphans(stale)) {
      if (this.held.has(job.id)) continue;
      const seen = this.suspects.get(job.id);
      if (!seen || job.heartbeatAt.getTime() > seen.getTime()) {
        suspects.set(job.id, job.heartbeatAt);
        continue;
      }
      try {
        if (!(await this.repo.adopt(job.id, stale, this.owner, seen))) continue; // another server was first, or it beat
        adopted += 1;
        handling.log?.(`adopted ${job.kind} screening job ${job.id} (${job.status}, ${job.execution}): its holder gave no sign of life for ${stale} s`);
        await handling.onOrphan(job);
      } catch (error) {
        handling.log?.(`orphaned screening job ${job.id} not taken over: ${(error as Error).message}`);
      }
    }
    this.suspects = suspects;
    return adopted;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.beatTimer);
    this.beatTimer = undefined;
    await this.stopWatching();
  }
}
