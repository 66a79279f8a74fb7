/**
 * CDM ingestion (issue 11): the messages operators receive (18 SDS through Space-Track, CARA,
 * commercial providers) become, or update, conjunction events.
 *
 * - The file is split into messages (core cdm/read-file.ts: KVN, XML, Space-Track JSON); each bad
 *   or truncated one is rejected with its position and reason, the good ones are kept.
 * - The same (ORIGINATOR, MESSAGE_ID) twice adds nothing. Either longer than MAX_CDM_HEADER_FIELD
 *   characters is rejected: together they are a unique index's key, which PostgreSQL bounds.
 * - Pc comes from the message's own states and covariances by the product's method choice (core
 *   cdm/message-estimate.ts); the HBR from CARA's "COMMENT HBR" or the configured default. A
 *   Space-Track cdm_public record carries no states: its stated Pc is kept, and the record says so.
 * - An event of the same pair (either order) with a TCA within 10 minutes is the same conjunction:
 *   a newer message updates it (estimate and history); a screening event it joins takes the
 *   message's estimate and source (the message's covariance wins over the element-set model); an
 *   older message only adds its record and history point. A newer message with the TCA still ahead
 *   reopens a closed event (a screening event closed as not found; one an operator closed only when
 *   the message raises its risk), and every change of the alert is written with the message as a
 *   `conjunction_alert_changes` row (issue 29: detected, risk_raised, reopened, closed).
 * - Objects the catalogue does not know are created from the message (designator, name,
 *   international designator, type).
 * - An import (one request, or one `ssa cdm import` of several files) is whole or nothing (issue
 *   12): its `cdm_imports` row is written `running`, then every accepted message and the row,
 *   completed, in one transaction (each message a savepoint of it, so a message another writer
 *   stored meanwhile is skipped alone); an error marks the row failed, a crash leaves it running
 *   until the next start marks it interrupted. Rejections are decisions on the text and stay per
 *   message. The import holds the operations engine's conjunction lock, so a screening run never
 *   plans against events half-imported.
 */
import { MAX_CDM_HEADER_FIELD, type CdmImportResponse } from '../../../contracts/conjunction-events.ts';
import {
  readCdmFile,
  swapEstimate,
  type CdmSummary,
  type MessageEstimate,
  type ReceivedCdm,
  type ReceivedObject,
} from '../../../core/cdm/index.ts';
import { closeReasonText, riskRaised, systemReopens, type RiskLevel } from '../../../core/alerts/index.ts';
import { DEFAULT_TCA_MATCH_TOLERANCE_MS } from '../../../core/operations/index.ts';
import { alfanoMaxPc, riskLevel, type PcViolation } from '../../../core/probability/index.ts';
import { DuplicateCdmMessageError, type CdmImportCounts, type CdmMessageRepository, type MessageObject, type MessageWrite } from '../../repositories/cdm-message-repository.ts';
import type { ConjunctionEventRow, NewConjunctionEvent } from '../../repositories/conjunction-event-repository.ts';
import { distanceText, oddsText, utcText } from '../operations/descriptions.ts';
import { EstimatePool } from '../../workers/estimate/estimate-pool.ts';
import type { EventDetails, EventObjectDetails } from '../operations/views.ts';

/** Events written during one import, by unordered pair, with the newest message creation time of each. */
type Touched = Map<string, { event: ConjunctionEventRow; newestCreation: number }[]>;

/** No CDM at all in the body: a 400 naming what was expected. */
export class CdmImportError extends Error {}

/** What importing one file of an import gave: its report, or why it holds no CDM at all. */
export type CdmFileOutcome = { response: CdmImportResponse } | { error: CdmImportError };

interface Logger {
  warn(obj: object, msg?: string): void;
}

/** A file of an import, read: its messages, its report so far, the stored keys among them and their Pc estimates under way. */
interface ReadFile {
  file: ReturnType<typeof readCdmFile>;
  fileName: string | null;
  response: CdmImportResponse;
  /** Keys ('originator\u0001messageId') of its messages already stored, with their conjunction ids. */
  stored: Map<string, string>;
  estimates: (Promise<MessageEstimate> | undefined)[];
}

export interface CdmImportOptions {
  /** Combined HBR, m, for messages that carry none. */
  readonly defaultHbrM: number;
  /** Worker threads for the messages' Pc (default: one per core; 0: in this thread). */
  readonly workers?: number;
}

/** The operations engine, as the import needs it: one writer at a time, and a refresh after. */
export interface ConjunctionWriter {
  withConjunctionLock<T>(work: () => Promise<T>): Promise<T>;
  conjunctionsChanged(): Promise<void>;
}

type Imported = CdmImportResponse['imported'][number];

/** The `details` of an event estimated from a CDM: the screening's shape plus the message's covariances. */
export interface CdmEventDetails extends EventDetails {
  cdm: { messageId: string; originator: string; frame: string; primaryCovariance: number[][] | null; secondaryCovariance: number[][] | null };
}

const OBJECT_TYPES: Record<string, MessageObject['objectType']> = { PAYLOAD: 'payload', 'ROCKET BODY': 'rocket_body', DEBRIS: 'debris' };

function objectTypeOf(t: string | null): MessageObject['objectType'] {
  return OBJECT_TYPES[(t ?? '').toUpperCase().replace(/_/g, ' ').trim()] ?? 'unknown';
}

/** Combined 1-sigma encounter-plane uncertainty, √(σmajor·σminor), m (the history's sigma, as screening stores it). */
function sigmaOf(e: MessageEstimate): number | null {
  return e.encounterPlane ? Math.sqrt(e.encounterPlane.sigmaMajor * e.encounterPlane.sigmaMinor) : null;
}

export class CdmImportService {
  private readonly pool: EstimatePool;

  constructor(
    private readonly messages: CdmMessageRepository,
    private readonly writer: ConjunctionWriter,
    private readonly options: CdmImportOptions,
  ) {
    this.pool = new EstimatePool(options.workers);
  }

  /** Stops the estimate workers. */
  async close(): Promise<void> {
    await this.pool.close();
  }

  /**
   * Start-up: marks the imports a stop cut short (left `running`) interrupted; returns their ids.
   * Their transactions never committed, so none of their messages are stored.
   */
  async initialise(log?: Logger): Promise<number[]> {
    const interrupted = await this.messages.markInterrupted();
    if (interrupted.length > 0) log?.warn({ imports: interrupted.length, ids: interrupted }, 'CDM imports cut short by a stop marked interrupted');
    return interrupted;
  }

  /** Imports every message of one file (see `importFiles`). Throws CdmImportError when the body holds no CDM at all. */
  async importFile(text: string, fileName: string | undefined, now: Date): Promise<CdmImportResponse> {
    const [outcome] = await this.importFiles([{ text, fileName }], now);
    if (!outcome || 'error' in outcome) throw outcome?.error ?? new CdmImportError('no file');
    return outcome.response;
  }

  /**
   * Imports the messages of several files (one request, or one `ssa cdm import` run) as one import:
   * each file is read and each message's Pc computed first; a file with no CDM at all is answered
   * with its CdmImportError, and bad messages are rejected with their reasons (decisions on the
   * text alone). Then every accepted message is written in file order in ONE transaction, which
   * also completes the import's `cdm_imports` row: a crash or an error leaves none of them (the
   * row then says interrupted or failed, and the error is rethrown). One outcome per file, in order.
   */
  async importFiles(files: readonly { text: string; fileName: string | undefined }[], now: Date): Promise<CdmFileOutcome[]> {
    const key = (m: ReceivedCdm) => `${m.summary.originator}\u0001${m.summary.messageId}`;
    const seen = new Set<string>();
    const read: ({ error: CdmImportError } | ReadFile)[] = [];
    for (const { text, fileName } of files) {
      // CCSDS text is ASCII (508.0-B-1 §6.2.1); a NUL cannot be stored as text either.
      if (text.includes('\u0000')) {
        read.push({ error: new CdmImportError('the file contains NUL characters: a CDM is text (CCSDS 508.0-B-1 §6.2.1, §4 for XML)') });
        continue;
      }
      const file = readCdmFile(text);
      if (file.messages.length === 0 && file.rejected.length > 0 && file.rejected.every((r) => r.index === null)) {
        read.push({ error: new CdmImportError(file.rejected.map((r) => r.reason).join('; ')) });
        continue;
      }
      const response: CdmImportResponse = { imported: [], duplicates: [], rejected: file.rejected.map((r) => ({ ...r })) };
      const stored = file.messages.length > 0 ? await this.messages.existingKeys(file.messages.map((m) => m.summary)) : new Map<string, string>();
      // Every new message's Pc starts at once on the workers; the writes below take them in order.
      const estimates = file.messages.map((m) => {
        const k = key(m);
        const fresh = !stored.has(k) && !seen.has(k);
        seen.add(k);
        if (!fresh || !m.cdm || headerProblem(m.summary)) return undefined;
        const p = this.pool.estimate(m.cdm, this.options.defaultHbrM);
        p.catch(() => undefined);
        return p;
      });
      read.push({ file, fileName: fileName ?? null, response, stored, estimates });
    }
    const accepted = read.filter((r): r is ReadFile => 'file' in r);
    if (accepted.length === 0) return read.map((r) => ('file' in r ? { response: r.response } : r));

    // The catalogue's names of the files' objects, read once (no whole-catalogue cache is needed, so
    // `ssa cdm import` does not load 26,000 element sets to import a file).
    const ids = accepted.flatMap((r) => r.file.messages.flatMap((m) => [m.summary.object1.noradId, m.summary.object2.noradId])).filter((n): n is number => n !== null);
    const known = await this.messages.objectNames([...new Set(ids)]);
    const label = accepted.map((r) => r.fileName ?? 'upload').join(', ').slice(0, 1000);
    const importId = await this.messages.startImport(label, now);
    // Messages written by this import (also those of an earlier file of it): a second copy is a duplicate of the first.
    const done = new Map<string, string>();
    const touched: Touched = new Map();
    const importMessage = async (repo: CdmMessageRepository, r: ReadFile, i: number): Promise<void> => {
      const m = r.file.messages[i]!;
      const k = key(m);
      const conjunctionId = r.stored.get(k) ?? done.get(k);
      if (conjunctionId !== undefined) {
        r.response.duplicates.push({ index: m.index, messageId: m.summary.messageId, conjunctionId });
        return;
      }
      try {
        const settled = estimated.get(r)?.[i];
        if (settled?.status === 'rejected') throw settled.reason;
        const estimate = settled?.value;
        const outcome = await this.importOne(repo, m, estimate, r.fileName, now, known, touched);
        r.response.imported.push(outcome);
        done.set(k, outcome.conjunctionId);
      } catch (error) {
        if (error instanceof DuplicateCdmMessageError) {
          // Stored by another writer since this import read the stored keys (its savepoint rolled back).
          r.response.duplicates.push({ index: m.index, messageId: m.summary.messageId, conjunctionId: null });
        } else if (error instanceof RangeError) {
          r.response.rejected.push({ index: m.index, line: m.line, messageId: m.summary.messageId, reason: error.message });
        } else {
          throw error;
        }
      }
    };
    // Every Pc estimate is finished before the transaction opens: on PGlite the transaction holds
    // the only connection, so the whole server would otherwise wait on the workers too.
    const estimated = new Map<ReadFile, PromiseSettledResult<MessageEstimate | undefined>[]>();
    for (const r of accepted) estimated.set(r, await Promise.allSettled(r.estimates.map((e) => e ?? Promise.resolve(undefined))));
    try {
      await this.writer.withConjunctionLock(() =>
        this.messages.transaction(async (repo) => {
          await repo.lockImport(importId);
          // In file order; each message is a savepoint, so a message another writer stored meanwhile is skipped alone.
          for (const r of accepted) for (let i = 0; i < r.file.messages.length; i += 1) await importMessage(repo, r, i);
          await repo.finishImport(importId, importCounts(accepted), new Date());
        }),
      );
    } catch (error) {
      await this.messages.failImport(importId, error instanceof Error ? error.message : String(error), new Date()).catch(() => undefined);
      // Nothing was written, but a refresh costs little and the engine's events then surely match the database.
      // The failure is what the caller needs to hear, not a failed refresh after it.
      await this.writer.conjunctionsChanged().catch(() => undefined);
      throw error;
    }
    await this.writer.conjunctionsChanged();
    return read.map((r) => ('file' in r ? { response: r.response } : r));
  }

  /** One message written with `repo` (bound to the import's transaction). */
  private async importOne(repo: CdmMessageRepository, m: ReceivedCdm, estimate: MessageEstimate | undefined, fileName: string | null, now: Date, known: Map<number, string>, touched: Touched): Promise<Imported> {
    const s = m.summary;
    const problem = headerProblem(s);
    if (problem) throw new RangeError(problem);
    const n1 = s.object1.noradId;
    const n2 = s.object2.noradId;
    if (n1 === null || n2 === null) throw new RangeError(`an object has no NORAD catalogue number (OBJECT_DESIGNATOR '${n1 === null ? s.object1.designator : s.object2.designator}')`);
    if (n1 === n2) throw new RangeError(`both objects are ${n1}`);
    const tca = new Date(s.tca);
    // Events this import already wrote are known without asking the database again (the import holds the conjunction lock).
    const pairKey = n1 < n2 ? `${n1}:${n2}` : `${n2}:${n1}`;
    const cached = (touched.get(pairKey) ?? []).filter((e) => Math.abs(e.event.tca.getTime() - tca.getTime()) <= DEFAULT_TCA_MATCH_TOLERANCE_MS).sort((a, b) => Math.abs(a.event.tca.getTime() - tca.getTime()) - Math.abs(b.event.tca.getTime() - tca.getTime()))[0];
    const match = cached?.event ?? (await repo.matchingEvent(n1, n2, tca, DEFAULT_TCA_MATCH_TOLERANCE_MS));
    const swap = match !== undefined && match.primaryNorad !== n1;
    const [pObj, sObj] = swap ? [s.object2, s.object1] : [s.object1, s.object2];
    const primaryNorad = swap ? n2 : n1;
    const secondaryNorad = swap ? n1 : n2;

    const columns = this.estimateColumns(m, estimate && swap ? swapEstimate(estimate) : estimate, pObj, sObj);
    const newest = cached ? new Date(cached.newestCreation) : match ? await repo.newestCreation(match.id) : undefined;
    const supersedes = !match || match.source === 'screening' || newest === undefined || s.creationDate >= newest.getTime();
    const action: Imported['action'] = !match ? 'created' : match.source === 'screening' ? 'merged' : 'updated';
    const status = tca.getTime() < now.getTime() ? 'closed' : 'open';
    const objects = this.unknownObjects([s.object1, s.object2], known);
    const events: MessageWrite['events'] = [];
    const names = [nameOf(primaryNorad, pObj, known), nameOf(secondaryNorad, sObj, known)];
    const text = `CDM ${s.messageId} from ${s.originator}: ${names[0]} × ${names[1]}, risk ${columns.riskLevel.toUpperCase()}, Pc ${oddsText(columns.pc)}, miss ${distanceText(columns.missKm)} at ${utcText(s.tca)}`;
    // The alert lifecycle (issue 29): what the message does to the event's alert, and its changes.
    const lifecycle = alertLifecycleOf(match, supersedes, status, columns.riskLevel as RiskLevel, tca, now, `a CDM from ${s.originator} (${s.messageId})`);
    // As the screening does: a conjunction below CARA's attention level is stored but not announced.
    // A reopened event is announced as a new one is: it was off the open list.
    if (lifecycle.open && supersedes && columns.riskLevel !== 'low' && (!match || match.status !== 'open' || match.riskLevel !== columns.riskLevel)) {
      events.push({ eventType: 'alert_updated', timestamp: now, description: text, noradId: secondaryNorad });
    }
    const write: MessageWrite = {
      event: !match
        ? {
            create: {
              primaryNorad,
              secondaryNorad,
              ...columns,
              status,
              closeReason: status === 'closed' ? 'tca_passed' : null,
              alertStatus: status === 'closed' ? 'closed' : 'new',
              firstDetected: now,
              lastUpdated: now,
              lastRunId: null,
              cdmKvn: null,
              cdmGeneratedAt: null,
            },
          }
        : { update: { id: match.id, set: supersedes ? { ...columns, lastUpdated: now, ...lifecycle.set } : {} } },
      history: {
        at: new Date(s.creationDate),
        tca,
        missKm: columns.missKm,
        pc: columns.pc,
        maxPc: columns.maxPc,
        riskLevel: columns.riskLevel,
        sigmaM: (columns.details as CdmEventDetails).sigmaM,
        source: s.originator,
        pcMethod: columns.pcMethod,
      },
      message: {
        originator: s.originator,
        messageId: s.messageId,
        creationDate: new Date(s.creationDate),
        tca,
        object1Norad: n1,
        object2Norad: n2,
        format: m.format,
        raw: m.text,
        pc: (columns.details as CdmEventDetails).pcUndefined ? null : columns.pc,
        pcMethod: columns.pcMethod,
        fileName,
        importedAt: now,
      },
      objects,
      events,
      changes: lifecycle.changes,
    };
    const { event } = await repo.write(write);
    // Written: later messages of this import find the objects it created.
    for (const o of objects) known.set(o.noradId, o.name);
    const list = (touched.get(pairKey) ?? []).filter((e) => e.event.id !== event.id);
    list.push({ event, newestCreation: Math.max(s.creationDate, newest?.getTime() ?? -Infinity) });
    touched.set(pairKey, list);
    return {
      index: m.index,
      messageId: s.messageId,
      originator: s.originator,
      conjunctionId: event.conjunctionId,
      action,
      tca: tca.toISOString(),
      collisionProbability: (columns.details as CdmEventDetails).pcUndefined ? null : columns.pc,
      pcMethod: columns.pcMethod as Imported['pcMethod'],
      riskLevel: columns.riskLevel as Imported['riskLevel'],
    };
  }

  /** The event columns a message sets (its estimate). */
  private estimateColumns(m: ReceivedCdm, estimate: MessageEstimate | undefined, pObj: ReceivedObject, sObj: ReceivedObject): Omit<NewConjunctionEvent, 'conjunctionId' | 'primaryNorad' | 'secondaryNorad' | 'status' | 'closeReason' | 'firstDetected' | 'lastUpdated' | 'lastRunId' | 'cdmKvn' | 'cdmGeneratedAt'> {
    const s = m.summary;
    const objectDetails = (o: ReceivedObject, r: number[], v: number[], sigmasM: EventObjectDetails['sigmasM'], epochMs: number | null): EventObjectDetails => ({
      name: o.name ?? o.designator,
      objectType: objectTypeOf(o.objectType),
      owner: null,
      cosparId: o.internationalDesignator,
      r: [r[0]! / 1000, r[1]! / 1000, r[2]! / 1000],
      v: [v[0]! / 1000, v[1]! / 1000, v[2]! / 1000],
      sigmasM,
      orbit: { perigeeAltitudeKm: 0, apogeeAltitudeKm: 0, eccentricity: 0, inclinationDeg: 0 },
      epochMs: epochMs ?? 0,
    });
    if (m.cdm && estimate) {
      const e = estimate;
      const a = e.assessment;
      const pcUndefined = a.collisionProbability === null;
      const details: CdmEventDetails = {
        tcaMs: e.tcaMs,
        hbrM: e.hbrM,
        hbrSource: e.hbrSource,
        covariance: `CDM ${s.originator} (${e.primary.covarianceMethod} / ${e.secondary.covarianceMethod})`,
        violations: [...a.violations] as PcViolation[],
        pcNote: a.note,
        nc2d: a.nc2d,
        pcUndefined,
        maxPcKind: e.maxPcKind,
        sigmaM: sigmaOf(e),
        primary: objectDetails(pObj, e.primary.rM, e.primary.vMPerS, e.primary.sigmasM, e.primary.odEpochMs),
        secondary: objectDetails(sObj, e.secondary.rM, e.secondary.vMPerS, e.secondary.sigmasM, e.secondary.odEpochMs),
        cdm: { messageId: s.messageId, originator: s.originator, frame: e.primary.frame, primaryCovariance: e.primary.covariance, secondaryCovariance: e.secondary.covariance },
      };
      return {
        tca: new Date(e.tcaMs),
        missKm: e.missM / 1000,
        radialKm: e.radialM / 1000,
        inTrackKm: e.inTrackM / 1000,
        crossTrackKm: e.crossTrackM / 1000,
        relativeVelocityKmS: e.relativeSpeedMPerS / 1000,
        pc: a.collisionProbability ?? 0,
        maxPc: e.maxPc,
        riskLevel: e.riskLevel,
        source: s.originator,
        pc2d: a.pc2d,
        pc3d: a.pc3d,
        pcMethod: a.method,
        details,
      };
    }
    // Space-Track cdm_public: no states, no covariance; the stated Pc is all there is.
    const hbrM = s.hbrM ?? this.options.defaultHbrM;
    const stated = s.collisionProbability;
    const maxPc = alfanoMaxPc(s.missDistanceM, hbrM).pc;
    const note = `The message carries no states or covariances, so Pc could not be computed here; this is the Pc ${s.originator} states${s.collisionProbabilityMethod ? ` (${s.collisionProbabilityMethod})` : ''}.`;
    const details: CdmEventDetails = {
      tcaMs: s.tca,
      hbrM,
      hbrSource: s.hbrM !== null ? 'message' : 'default',
      covariance: `CDM ${s.originator} (none in the message)`,
      violations: [{ method: '2D-Pc', kind: 'covariance', value: null, limit: null, message: note }],
      pcNote: note,
      pcUndefined: stated === null,
      maxPcKind: 'assumed-shape',
      sigmaM: null,
      primary: objectDetails(pObj, [Number.NaN, Number.NaN, Number.NaN], [Number.NaN, Number.NaN, Number.NaN], null, null),
      secondary: objectDetails(sObj, [Number.NaN, Number.NaN, Number.NaN], [Number.NaN, Number.NaN, Number.NaN], null, null),
      cdm: { messageId: s.messageId, originator: s.originator, frame: 'none', primaryCovariance: null, secondaryCovariance: null },
    };
    return {
      tca: new Date(s.tca),
      missKm: s.missDistanceM / 1000,
      radialKm: Number.NaN,
      inTrackKm: Number.NaN,
      crossTrackKm: Number.NaN,
      relativeVelocityKmS: s.relativeSpeedMPerS === null ? Number.NaN : s.relativeSpeedMPerS / 1000,
      pc: stated ?? 0,
      maxPc,
      riskLevel: riskLevel(stated ?? maxPc),
      source: s.originator,
      pc2d: stated,
      pc3d: null,
      pcMethod: 'pc2d',
      details,
    };
  }

  /** Objects named by the message that the catalogue has no row for (`known`: catalogue names, and objects this import created). */
  private unknownObjects(objects: ReceivedObject[], known: ReadonlyMap<number, string>): MessageObject[] {
    const out: MessageObject[] = [];
    for (const o of objects) {
      if (o.noradId === null || known.has(o.noradId) || out.some((x) => x.noradId === o.noradId)) continue;
      out.push({ noradId: o.noradId, name: o.name ?? o.designator, cosparId: o.internationalDesignator, objectType: objectTypeOf(o.objectType) });
    }
    return out;
  }
}

/** The counts a CDM import records, over all its files. */
function importCounts(files: readonly ReadFile[]): CdmImportCounts {
  const imported = files.flatMap((f) => f.response.imported);
  const rejections = files.flatMap((f) => f.response.rejected.map((r) => ({ file: f.fileName, index: r.index, line: r.line, messageId: r.messageId, reason: r.reason })));
  return {
    messages: files.reduce((n, f) => n + f.file.messages.length, 0),
    created: imported.filter((i) => i.action === 'created').length,
    updated: imported.length - imported.filter((i) => i.action === 'created').length,
    duplicates: files.reduce((n, f) => n + f.response.duplicates.length, 0),
    rejected: rejections.length,
    rejections,
  };
}

/** Why a message's header cannot be stored (a field too long for the index), or undefined. */
function headerProblem(s: CdmSummary): string | undefined {
  for (const [field, value] of [
    ['MESSAGE_ID', s.messageId],
    ['ORIGINATOR', s.originator],
  ] as const) {
    if (value.length > MAX_CDM_HEADER_FIELD) return `${field} is ${value.length} characters long; at most ${MAX_CDM_HEADER_FIELD} are accepted`;
  }
  return undefined;
}

/** An object's catalogue name, else the message's. */
function nameOf(norad: number, o: ReceivedObject, known: ReadonlyMap<number, string>): string {
  return known.get(norad) ?? o.name ?? `NORAD ${norad}`;
}

/**
 * What a message does to its event's alert (issue 29), and the alert changes it writes:
 * - a new event: 'detected' (and, when its TCA has already passed, 'closed': TCA passed);
 * - a superseding message (newer than the event's estimate) for an open event: 'closed' when its
 *   TCA has passed, else 'risk_raised' when it raises the risk level;
 * - a superseding message with the TCA still ahead for a closed event: reopened (alert back to
 *   `new`) where core alerts `systemReopens` says so: one screening had lost, or one closed at an
 *   earlier TCA estimate; one an operator closed only when the message raises its risk;
 * - an older message changes nothing of the alert.
 */
function alertLifecycleOf(
  match: ConjunctionEventRow | undefined,
  supersedes: boolean,
  status: 'open' | 'closed',
  newRisk: RiskLevel,
  tca: Date,
  now: Date,
  reason: string,
): { open: boolean; set: Partial<NewConjunctionEvent>; changes: NonNullable<MessageWrite['changes']> } {
  const base = { at: now, actor: null };
  if (!match) {
    const changes: NonNullable<MessageWrite['changes']> = [{ ...base, kind: 'detected', toStatus: 'new', toRisk: newRisk, reason }];
    if (status === 'closed') changes.push({ ...base, kind: 'closed', fromStatus: 'new', toStatus: 'closed', toRisk: newRisk, reason: closeReasonText('tca_passed') });
    return { open: status === 'open', set: {}, changes };
  }
  const storedRisk = match.riskLevel as RiskLevel;
  if (!supersedes) return { open: match.status === 'open', set: {}, changes: [] };
  if (match.status === 'open') {
    if (status === 'closed') {
      return {
        open: false,
        set: { status: 'closed', closeReason: 'tca_passed', alertStatus: 'closed' },
        changes: [{ ...base, kind: 'closed', fromStatus: match.alertStatus, toStatus: 'closed', fromRisk: storedRisk, toRisk: newRisk, reason: closeReasonText('tca_passed') }],
      };
    }
    return {
      open: true,
      set: {},
      changes: riskRaised(storedRisk, newRisk) ? [{ ...base, kind: 'risk_raised', fromStatus: match.alertStatus, toStatus: match.alertStatus, fromRisk: storedRisk, toRisk: newRisk, reason }] : [],
    };
  }
  if (status === 'open' && systemReopens({ closeReason: match.closeReason, tcaMs: tca.getTime(), nowMs: now.getTime(), storedRisk, newRisk })) {
    const why = riskRaised(storedRisk, newRisk) ? `${reason} raised the risk from ${storedRisk} to ${newRisk}` : `${reason}: the approach is still ahead (${newRisk})`;
    return {
      open: true,
      set: { status: 'open', closeReason: null, alertStatus: 'new', decision: null },
      changes: [{ ...base, kind: 'reopened', fromStatus: 'closed', toStatus: 'new', fromRisk: storedRisk, toRisk: newRisk, reason: why }],
    };
  }
  return { open: false, set: {}, changes: [] };
}
