import { createHash } from 'node:crypto';
import type { Prebuilt } from './etag.ts';

/**
 * Response bodies serialised once, with their ETag (served by etag.ts `sendSnapshot`): the
 * dashboard polls its lists every few seconds from every open page, so each list is built when
 * what it shows changes (or its clock turns) and a request costs no more than copying bytes.
 * This is the one cache of the server's polled answers: the operations picture, the watch list,
 * the catalogue feeds and the Orbital Drag page all keep their answers here.
 */
export interface Snapshot<T> extends Prebuilt {
  readonly body: T;
}

/** `body` serialised, with a strong ETag: the sha1 of the JSON, base64url, in quotes. */
export function snapshotOf<T>(body: T): Snapshot<T> {
  const json = JSON.stringify(body);
  return { body, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/** `next` when its content differs from `previous`, else `previous` (so the ETag only changes with the content). */
export function replaceSnapshot<T>(previous: Snapshot<T> | undefined, body: T): Snapshot<T> {
  const next = snapshotOf(body);
  return previous && previous.json === next.json ? previous : next;
}

/**
 * A snapshot kept per version: a string naming everything the body depends on (a catalogue
 * change count, a data version, a UTC minute...). A request asks for the current version; the
 * body is built once for it, and requests arriving during the build share that build. A failed
 * build is forgotten (the next request tries again); a rebuild with unchanged content keeps the
 * previous snapshot, so the ETag and the compressed copies survive.
 */
export class VersionedSnapshot<T> {
  private current: { version: string; snapshot: Snapshot<T>; started: number } | undefined;
  private building: { version: string; done: Promise<Snapshot<T>> } | undefined;
  /** Builds and sets started so far: a slow build of an older version must not replace a newer one that finished first. */
  private starts = 0;

  /** The snapshot of `version`, built by `build` unless it is already built or being built. */
  get(version: string, build: () => T | Promise<T>): Promise<Snapshot<T>> {
    if (this.current?.version === version) return Promise.resolve(this.current.snapshot);
    if (this.building?.version !== version) {
      const started = ++this.starts;
      const building = {
        version,
        done: Promise.resolve()
          .then(build)
          .then((body) => this.store(version, body, started)),
      };
      this.building = building;
      void building.done
        .finally(() => {
          if (this.building === building) this.building = undefined;
        })
        .catch(() => undefined);
    }
    return this.building!.done;
  }

  /** The snapshot of `version`, built synchronously when needed (for bodies that cost no I/O). */
  getSync(version: string, build: () => T): Snapshot<T> {
    if (this.current?.version === version) return this.current.snapshot;
    return this.set(version, build());
  }

  /** Stores `body` as the snapshot of `version` (for owners that push their state as it changes). */
  set(version: string, body: T): Snapshot<T> {
    return this.store(version, body, ++this.starts);
  }

  private store(version: string, body: T, started: number): Snapshot<T> {
    const snapshot = replaceSnapshot(this.current?.snapshot, body);
    // An older build finishing late answers its own requests but does not become current.
    if (!this.current || started > this.current.started) this.current = { version, snapshot, started };
    return snapshot;
  }

  /** The newest snapshot built, whatever its version (undefined before the first). */
  get latest(): Snapshot<T> | undefined {
    return this.current?.snapshot;
  }

  /** The version of `latest`. */
  get latestVersion(): string | undefined {
    return this.current?.version;
  }
}
