/**
 * Operators' own predicted ephemerides of fleet objects (issue 28, item 3: storage).
 *
 * - `import`: a CCSDS OEM (KVN or XML) as received is read strictly and its object matched to a
 *   fleet object (ephemeris-file.ts); a file that cannot be used, or of an object that is not a fleet
 *   object, is refused with an EphemerisImportError naming the line and the reason, and nothing is
 *   stored. A usable file is stored whole, as received, in one transaction; the same file again for
 *   the same object adds nothing (`duplicate`).
 * - `list`, `get`, `text`: what is stored, the file as received.
 * - `coveringEphemeris`: the ephemeris the screening may use for an object over a window: the newest
 *   (CREATION_DATE) whose segments' usable spans hold the window without a gap.
 */
import type { Ephemeris } from '../../../contracts/ephemerides.ts';
import { storableText } from '../../../core/elements/index.ts';
import { readOemAny, type Oem } from '../../../core/ephemeris/index.ts';
import type { EphemerisMetaRow, EphemerisRepository } from '../../repositories/ephemeris-repository.ts';
import { readEphemerisFile, segmentsCover, type EphemerisCatalog } from './ephemeris-file.ts';

export { EphemerisImportError } from './ephemeris-file.ts';

/** What an import gives: the stored ephemeris (the one already stored for a repeat) and whether it was a repeat. */
export type EphemerisImportOutcome = Ephemeris & { duplicate: boolean };

/** The file as received. */
export interface EphemerisFile {
  readonly text: string;
  readonly format: Ephemeris['format'];
  readonly fileName: string | null;
}

/** An ephemeris that covers a window: its metadata and the file read (segments, states, covariances). */
export interface CoveringEphemeris {
  readonly ephemeris: Ephemeris;
  readonly oem: Oem;
}

/** Parsed files kept for `coveringEphemeris` (stored files never change). */
const PARSED_CACHE_SIZE = 16;

/** The API's view of a stored row. */
export function ephemerisView(row: EphemerisMetaRow): Ephemeris {
  return {
    id: row.id,
    noradId: row.noradId,
    objectId: row.objectId,
    objectName: row.objectName,
    originator: row.originator,
    creationDate: row.creationDate.toISOString(),
    importedAt: row.importedAt.toISOString(),
    importedBy: row.importedBy,
    fileName: row.fileName,
    format: row.format,
    refFrame: row.refFrame,
    usableStart: row.usableStart.toISOString(),
    usableStop: row.usableStop.toISOString(),
    states: row.states,
    covariances: row.covariances,
    sha256: row.sha256,
    fileUrl: `/api/ephemerides/${row.id}/file`,
  };
}

export class EphemerisService {
  private readonly parsed = new Map<number, Oem>();

  constructor(
    private readonly repo: EphemerisRepository,
    private readonly catalog: EphemerisCatalog,
  ) {}

  /**
   * Reads, matches and stores one OEM file (`text` as received, `fileName` for the record, `who`
   * imported it, at `now`). Throws an EphemerisImportError (nothing stored) for a file that cannot
   * be used or an object that is not a fleet object of the catalogue.
   */
  async import(text: string, fileName: string | undefined, who: string, now: Date): Promise<EphemerisImportOutcome> {
    const read = readEphemerisFile(text, this.catalog);
    const { row, duplicate } = await this.repo.insertOnce({
      noradId: read.entry.object.noradId,
      objectId: read.objectId,
      objectName: read.objectName,
      originator: read.originator,
      creationDate: read.creationDate,
      importedAt: now,
      importedBy: who,
      fileName: fileName?.trim() ? storableText(fileName.trim()) : null,
      format: read.format,
      text,
      refFrame: read.refFrame,
      usableStart: read.usableStart,
      usableStop: read.usableStop,
      states: read.states,
      covariances: read.covariances,
      sha256: read.sha256,
    });
    return { ...ephemerisView(row), duplicate };
  }

  /** The stored ephemerides, newest import first, of one object or all; at most `limit`. */
  async list(noradId?: number, limit = 100): Promise<Ephemeris[]> {
    const rows = await this.repo.list({ ...(noradId !== undefined ? { noradId } : {}), limit });
    return rows.map(ephemerisView);
  }

  async get(id: number): Promise<Ephemeris | undefined> {
    const row = await this.repo.get(id);
    return row ? ephemerisView(row) : undefined;
  }

  /** The file as it was received. */
  async text(id: number): Promise<EphemerisFile | undefined> {
    const row = await this.repo.withText(id);
    return row ? { text: row.text, format: row.format, fileName: row.fileName } : undefined;
  }

  /**
   * The newest ephemeris (by CREATION_DATE, then the latest stored) of object `noradId` whose
   * segments' usable spans hold `startMs` … `endMs` (UTC ms) without a gap, with the file read; or
   * undefined when none does (the screening then uses the element set).
   */
  async coveringEphemeris(noradId: number, startMs: number, endMs: number): Promise<CoveringEphemeris | undefined> {
    if (!(Number.isFinite(startMs) && Number.isFinite(endMs) && endMs >= startMs)) throw new RangeError('coveringEphemeris: the window must end at or after its start');
    // The stored span is whole milliseconds inside the segments': widen the query by one so that a
    // window on a segment's own fractional bound still finds it; segmentsCover decides exactly.
    const candidates = await this.repo.covering(noradId, new Date(Math.ceil(startMs)), new Date(Math.floor(endMs)));
    for (const candidate of candidates) {
      const oem = await this.parsedFile(candidate.id);
      if (oem && segmentsCover(oem.segments, startMs, endMs)) return { ephemeris: ephemerisView(candidate), oem };
    }
    return undefined;
  }

  /** A stored file read (as at import), or undefined when none has that id (a plan made on it, written again). */
  read(id: number): Promise<Oem | undefined> {
    return this.parsedFile(id);
  }

  /** A stored file read (strictly, as it was at import), from the cache when it is there. */
  private async parsedFile(id: number): Promise<Oem | undefined> {
    const cached = this.parsed.get(id);
    if (cached) {
      // Most recently used last.
      this.parsed.delete(id);
      this.parsed.set(id, cached);
      return cached;
    }
    const row = await this.repo.withText(id);
    if (!row) return undefined;
    const oem = readOemAny(row.text, { strict: true });
    this.parsed.set(id, oem);
    if (this.parsed.size > PARSED_CACHE_SIZE) this.parsed.delete(this.parsed.keys().next().value!);
    return oem;
  }
}
