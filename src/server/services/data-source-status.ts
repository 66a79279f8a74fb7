import { z } from 'zod';
import type { DataSourceId, DataSourceStatus } from '../../contracts/data-sources.ts';
import type { AppMetaRepository } from '../repositories/app-meta-repository.ts';

/** One attempt to read a source: when, and how it ended. */
export interface SourceAttempt {
  at: Date;
  ok: boolean;
  /** What went wrong (failure), in words. */
  error?: string;
  /** What it brought (success), in words. */
  result?: string;
}

/** Where the updaters report their attempts (DataSourceStatusService; tests may pass their own). */
export interface SourceStatusRecorder {
  record(source: DataSourceId, attempt: SourceAttempt): Promise<void>;
}

const Stored = z.object({
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastResult: z.string().nullable(),
  lastOk: z.boolean().nullable(),
});
type Stored = z.infer<typeof Stored>;
const NEVER: Stored = { lastAttemptAt: null, lastSuccessAt: null, lastFailureAt: null, lastError: null, lastResult: null, lastOk: null };

/** How a source is set up in this server (from the configuration). */
export interface SourceSetup {
  id: DataSourceId;
  name: string;
  provides: string;
  enabled: boolean;
  setup: string;
  intervalMinutes: number | null;
}

const keyOf = (source: DataSourceId) => `data_source:${source}`;

/**
 * The status of the online data sources (issue 14, /config): each updater records its attempts
 * here, in app_meta (one row per source, changed under its row lock: servers sharing a database
 * see one history). A failure to record (the database down) is logged by the caller, never thrown
 * into the update itself.
 */
export class DataSourceStatusService implements SourceStatusRecorder {
  constructor(
    private readonly repo: AppMetaRepository,
    private readonly setups: readonly SourceSetup[],
  ) {}

  async record(source: DataSourceId, attempt: SourceAttempt): Promise<void> {
    const at = attempt.at.toISOString();
    await this.repo.update(keyOf(source), attempt.at, (previous) => {
      const prior = Stored.safeParse(previous);
      const base = prior.success ? prior.data : NEVER;
      return attempt.ok
        ? { ...base, lastAttemptAt: at, lastOk: true, lastSuccessAt: at, lastResult: attempt.result ?? null }
        : { ...base, lastAttemptAt: at, lastOk: false, lastFailureAt: at, lastError: attempt.error ?? 'failed' };
    });
  }

  async list(): Promise<DataSourceStatus[]> {
    return Promise.all(
      this.setups.map(async (setup) => {
        const parsed = Stored.safeParse(await this.repo.get(keyOf(setup.id)));
        const stored = parsed.success ? parsed.data : NEVER;
        const state: DataSourceStatus['state'] = !setup.enabled ? 'off' : stored.lastOk === null ? 'waiting' : stored.lastOk ? 'ok' : 'failing';
        const { lastOk: _lastOk, ...times } = stored;
        return { ...setup, state, ...times };
      }),
    );
  }
}
