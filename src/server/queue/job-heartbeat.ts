/**
 * The submitter's side of a screening job's life (issue 13: "a crash at any moment leaves a
 * consistent database that the next start completes or reports").
 *
 * Whoever submits a job (a server, `ssa screen --queue`) waits for its shards, merges them, runs
 * the risk step and stores the result; the workers only screen shards. If the submitter dies, the
 * shards may all be done and nobody would ever finish the job: a catalogue-wide job would stay
 * 'running' and refuse every new run with 409. So each submitter beats for the jobs it holds
 * (every BEAT_MS, one UPDATE), and a server with the job queue looks for jobs whose heartbeat is
 * older than ORPHAN_SECONDS: it adopts each with one atomic update (only one server can), then
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
  private readonly held = new Set<string>();
  private beatTimer: ReturnType<typeof setInterval> | undefined;
  private reapTimer: ReturnType<typeof setInterval> | undefined;
  private reaping: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: ScreeningJobRepository,
    private readonly beatSeconds = BEAT_SECONDS,
  ) {}

  /** This process holds the job from now on (its heartbeat starts with the job's row: created now). */
  hold(jobId: string): void {
    this.held.add(jobId);
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
    return [...this.held];
  }

  private async beat(): Promise<void> {
    // A missed beat is harmless: eight in a row make an orphan.
    await this.repo.beat([...this.held]).catch(() => undefined);
  }

  /** Looks for orphans now and then every `everySeconds`; each adopted one goes to `onOrphan`. */
  watchOrphans(handling: OrphanHandling): void {
    const look = () => {
      this.reaping = this.reaping.then(async () => void (await this.reap(handling))).catch((error: Error) => handling.log?.(`looking for orphaned screening jobs failed: ${error.message}`));
    };
    look();
    this.reapTimer = setInterval(look, (handling.everySeconds ?? 60) * 1000);
    this.reapTimer.unref?.();
  }

  /** Adopts the orphans of the moment and hands each to `onOrphan` (awaited: tests call it directly). */
  async reap(handling: OrphanHandling): Promise<number> {
    const stale = handling.staleSeconds ?? ORPHAN_SECONDS;
    let adopted = 0;
    for (const job of await this.repo.orphans(stale)) {
      if (this.held.has(job.id)) continue;
      if (!(await this.repo.adopt(job.id, stale))) continue; // another server was first
      adopted += 1;
      handling.log?.(`adopted ${job.kind} screening job ${job.id} (${job.status}, ${job.execution}): its submitter gave no sign of life for ${stale} s`);
      await handling.onOrphan(job);
    }
    return adopted;
  }

  async stop(): Promise<void> {
    clearInterval(this.beatTimer);
    clearInterval(this.reapTimer);
    this.beatTimer = undefined;
    this.reapTimer = undefined;
    await this.reaping;
  }
}
