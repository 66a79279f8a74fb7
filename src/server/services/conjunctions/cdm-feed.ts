/**
 * The CDM feed (issue 29 item 1): with Space-Track credentials, the fleet's conjunction data messages
 * are fetched every CDM_UPDATE_MINUTES and imported through the CDM import (cdm-import-service.ts),
 * the same path as an upload or `ssa cdm import`:
 *
 * - idempotent by (ORIGINATOR, MESSAGE_ID): a cdm_public record's MESSAGE_ID is its CDM_ID and its
 *   originator SPACE-TRACK (core cdm/space-track-json.ts), so a second pass adds nothing;
 * - a cdm_public record carries no states or covariances: the import keeps the Pc Space-Track states
 *   (PC), says so in the event's Pc note, and bounds it with Alfano's maximum Pc for the miss
 *   distance; a full `cdm` record (CDM_CLASS=full) has states and covariances, and its Pc is
 *   computed by the product's method choice. The public records go first in the import, so the
 *   full message of the same conjunction, written after, is the one the event shows;
 * - a bad record is rejected with its index and reason, the others are kept.
 *
 * Scheduled like the other updaters: a pass at start and every interval, each claimed (one server
 * of several on a database fetches). Requests go through the process's Space-Track client, shared
 * with the catalogue updater (one session, one rate limiter). The full class is asked at most once
 * every 8 hours: Space-Track's throttling table asks that of the constellation-wide CDM query
 * ("CDM — 3 / day — Once every 8 hours"). After an HTTP 429 or 5xx the client backs off; the pass
 * records "Backing off after HTTP 429 until …" in the data-sources panel and is tried again when
 * the back-off ends (this server holds the interval's claim).
 */
import type { CdmImportResponse } from '../../../contracts/conjunction-events.ts';
import { fetchCdmFull, fetchCdmPublic } from '../../sources/space-track-cdm.ts';
import { SpaceTrackBackoffError, type SpaceTrackClient } from '../../sources/space-track.ts';
import type { SourceStatusRecorder } from '../data-source-status.ts';
import { PeriodicTask, type TaskClaims } from '../scheduled-task.ts';
import type { CdmFileOutcome } from './cdm-import-service.ts';

/** The claim key of the scheduled CDM fetches, the same in every server. */
export const CDM_FEED_TASK = 'cdm-feed';
/** The claim key of the full class's fetches (at most one per FULL_CLASS_INTERVAL_MS across servers). */
export const CDM_FULL_TASK = 'cdm-feed-full';
export const FULL_CLASS_INTERVAL_MS = 8 * 3_600_000;

/** The data-sources panel's id of the feed. */
export const CDM_FEED_SOURCE = 'spacetrack-cdm';

/** The CDM import as the feed uses it (CdmImportService). */
export interface CdmImporter {
  importFiles(files: readonly { text: string; fileName: string | undefined }[], now: Date): Promise<CdmFileOutcome[]>;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface CdmFeedOptions {
  /** The process's Space-Track client (undefined: no credentials, the feed is off). */
  client: SpaceTrackClient | undefined;
  cdmClass: 'public' | 'full';
  intervalMs: number;
  /** The fleet's NORAD ids now (the settings may change it between passes). */
  fleet: () => readonly number[];
  claims?: TaskClaims | undefined;
  status?: SourceStatusRecorder | undefined;
  /** The import's clock (an event whose TCA has passed is stored closed); tests pin it. */
  now?: () => Date;
  /** Extra wait after a back-off's end before the retry, ms (default 1 s). */
  retryMarginMs?: number;
}

export interface CdmFeedOutcome {
  fleet: number;
  requests: number;
  records: { public: number; full: number };
  imported: number;
  created: number;
  duplicates: number;
  rejected: { index: number; messageId: string | null; reason: string }[];
  /** Why the pass (or its full-class part) failed. */
  error?: string;
  /** The end of a back-off the pass ran into. */
  backoffUntil?: Date;
}

export class CdmFeed {
  private periodic: PeriodicTask | undefined;
  private running: Promise<CdmFeedOutcome> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private failing = false;
  private lastFullMs: number | undefined;

  constructor(
    private readonly importer: CdmImporter,
    private readonly options: CdmFeedOptions,
    private readonly log: Logger,
  ) {}

  get enabled(): boolean {
    return this.options.client !== undefined;
  }

  start(): void {
    if (!this.enabled || this.periodic) return;
    this.stopped = false;
    this.periodic = new PeriodicTask({
      task: CDM_FEED_TASK,
      intervalMs: this.options.intervalMs,
      firstDelayMs: 0,
      claims: this.options.claims,
      run: () => void this.runOnce().catch((error: unknown) => this.log.warn({ err: error }, 'the CDM feed’s pass failed')),
      log: this.log,
    });
    this.periodic.start();
  }

  stop(): void {
    this.stopped = true;
    this.periodic?.stop();
    this.periodic = undefined;
    clearTimeout(this.retry);
    this.retry = undefined;
  }

  /** One pass; a pass under way is joined. Never rejects for a source failure (the outcome says it); rejects when the import's write fails. */
  runOnce(): Promise<CdmFeedOutcome> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async pass(): Promise<CdmFeedOutcome> {
    const client = this.options.client;
    const at = this.now();
    const fleet = [...new Set(this.options.fleet())];
    const outcome: CdmFeedOutcome = { fleet: fleet.length, requests: 0, records: { public: 0, full: 0 }, imported: 0, created: 0, duplicates: 0, rejected: [] };
    if (!client) return outcome;
    if (fleet.length === 0) {
      await this.record({ at, ok: true, result: 'No fleet objects: nothing to ask Space-Track for' });
      return outcome;
    }
    let publicRecords: unknown[];
    try {
      const got = await fetchCdmPublic(client, fleet);
      publicRecords = got.records;
      outcome.requests += got.requests;
    } catch (error) {
      return this.failed(outcome, at, 'cdm_public', error);
    }
    let fullRecords: unknown[] = [];
    let fullError: unknown;
    if (this.options.cdmClass === 'full' && (await this.fullDue(at))) {
      try {
        fullRecords = await fetchCdmFull(client, fleet);
        outcome.requests += 1;
      } catch (error) {
        fullError = error;
      }
    }
    outcome.records = { public: publicRecords.length, full: fullRecords.length };
    const stamp = at.toISOString().slice(0, 19);
    const files = [
      ...(publicRecords.length > 0 ? [{ text: JSON.stringify(publicRecords), fileName: `Space-Track cdm_public ${stamp}Z` }] : []),
      ...(fullRecords.length > 0 ? [{ text: JSON.stringify(fullRecords), fileName: `Space-Track cdm ${stamp}Z` }] : []),
    ];
    if (files.length > 0) {
      // The import's write failing (the database down) is thrown: recorded, then rethrown to the caller.
      let results: CdmFileOutcome[];
      try {
        results = await this.importer.importFiles(files, at);
      } catch (error) {
        await this.record({ at, ok: false, error: `the CDMs could not be stored: ${(error as Error).message}` });
        throw error;
      }
      for (const r of results) {
        if ('error' in r) {
          outcome.rejected.push({ index: -1, messageId: null, reason: r.error.message });
          continue;
        }
        this.add(outcome, r.response);
      }
    }
    if (outcome.rejected.length > 0) {
      this.log.warn({ rejected: outcome.rejected.slice(0, 20), count: outcome.rejected.length }, 'Space-Track CDM records rejected by the import');
    }
    const result = this.resultText(outcome);
    if (fullError !== undefined) return this.failed(outcome, at, 'cdm', fullError, result);
    if (this.failing) this.log.info({ source: CDM_FEED_SOURCE }, 'Space-Track CDM feed answering again');
    this.failing = false;
    this.log.info({ fleet: outcome.fleet, requests: outcome.requests, records: outcome.records, imported: outcome.imported, duplicates: outcome.duplicates, rejected: outcome.rejected.length }, 'Space-Track CDMs fetched');
    await this.record({ at, ok: true, result });
    return outcome;
  }

  /** Whether the full class may be asked now: claimed across servers, else once per FULL_CLASS_INTERVAL_MS in this process. */
  private async fullDue(at: Date): Promise<boolean> {
    const gap = Math.max(FULL_CLASS_INTERVAL_MS, this.options.intervalMs);
    if (this.options.claims) {
      try {
        return await this.options.claims.claim(CDM_FULL_TASK, gap);
      } catch (error) {
        this.log.warn({ err: error }, 'could not claim the full CDM class’s fetch: skipped this time');
        return false;
      }
    }
    if (this.lastFullMs !== undefined && at.getTime() - this.lastFullMs < gap) return false;
    this.lastFullMs = at.getTime();
    return true;
  }

  private add(outcome: CdmFeedOutcome, response: CdmImportResponse): void {
    outcome.imported += response.imported.length;
    outcome.created += response.imported.filter((i) => i.action === 'created').length;
    outcome.duplicates += response.duplicates.length;
    for (const r of response.rejected) outcome.rejected.push({ index: r.index ?? -1, messageId: r.messageId, reason: r.reason });
  }

  private resultText(o: CdmFeedOutcome): string {
    const asked = this.options.cdmClass === 'full' ? `${o.records.public} cdm_public and ${o.records.full} cdm records` : `${o.records.public} cdm_public records`;
    const first = o.rejected[0];
    const rejected = o.rejected.length === 0 ? '0 rejected' : `${o.rejected.length} rejected (first: ${first!.messageId ?? `record ${first!.index}`}: ${first!.reason})`;
    return `${asked} for ${o.fleet} fleet objects: ${o.imported} CDMs imported (${o.created} new events), ${o.duplicates} already stored, ${rejected}`;
  }

  /** A failed fetch: logged once as a warning then quietly, recorded, and after a back-off tried again when it ends. */
  private async failed(outcome: CdmFeedOutcome, at: Date, what: string, error: unknown, imported?: string): Promise<CdmFeedOutcome> {
    const message = error instanceof Error ? error.message : String(error);
    outcome.error = `${what}: ${message}`;
    if (this.failing) this.log.debug({ source: CDM_FEED_SOURCE, error: outcome.error }, 'Space-Track CDM feed still failing');
    else this.log.warn({ source: CDM_FEED_SOURCE, error: outcome.error }, 'Space-Track CDM feed failed; will retry quietly');
    this.failing = true;
    if (error instanceof SpaceTrackBackoffError) {
      outcome.backoffUntil = error.until;
      this.retryAt(error.until);
    }
    await this.record({ at, ok: false, error: imported ? `${outcome.error} (meanwhile ${imported})` : outcome.error });
    return outcome;
  }

  /** The pass again when the back-off ends, unless a pass is due before (the interval's tick). */
  private retryAt(until: Date): void {
    if (this.stopped) return;
    const delay = Math.max(0, until.getTime() - this.now().getTime()) + (this.options.retryMarginMs ?? 1000);
    if (delay >= this.options.intervalMs) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.stopped) void this.runOnce().catch((error: unknown) => this.log.warn({ err: error }, 'the CDM feed’s retry failed'));
    }, delay);
    this.retry.unref();
  }

  private async record(attempt: { at: Date; ok: boolean; error?: string; result?: string }): Promise<void> {
    try {
      await this.options.status?.record(CDM_FEED_SOURCE, attempt);
    } catch (error) {
      this.log.warn({ err: error }, 'could not record the data source’s status');
    }
  }
}
