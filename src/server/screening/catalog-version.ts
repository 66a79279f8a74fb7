import { createHash, randomUUID } from 'node:crypto';
import type { ElementSet } from '../../core/elements/index.ts';

/**
 * A catalogue version for screening jobs: the newest element set of each object, and a content
 * hash naming that selection, so a job (and its shards on any machine) can say exactly which
 * element sets it screened.
 */
export interface CatalogVersion {
  readonly version: string;
  /** One element set per NORAD id (the newest epoch), sorted by id. */
  readonly sets: readonly ElementSet[];
}

/** Lines hashed per `hash.update` call (see below). */
const LINES_PER_UPDATE = 256;

/** Each object's newest element set (the later epoch; the first of equal ones), sorted by NORAD id. */
function newestSets(sets: readonly ElementSet[]): ElementSet[] {
  const newest = new Map<number, ElementSet>();
  for (const set of sets) {
    const seen = newest.get(set.norad);
    if (!seen || set.epoch > seen.epoch) newest.set(set.norad, set);
  }
  return [...newest.values()].sort((a, b) => a.norad - b.norad);
}

/**
 * Keeps each object's newest element set and names the selection for one process only: a run
 * whose worker pool is its own and goes away with it (`ssa screen` on this machine) needs a name
 * no other catalogue has, not one another machine can compute again, and hashing 26,000 sets cost
 * it ~0.1 s before any worker could start.
 */
export function localCatalogVersion(sets: readonly ElementSet[]): CatalogVersion {
  return { version: `local:${randomUUID()}`, sets: newestSets(sets) };
}

/** Keeps each object's newest element set and names the result by a SHA-256 of (id, epoch, elements). */
export function catalogVersionOf(sets: readonly ElementSet[]): CatalogVersion {
  const unique = newestSets(sets);
  // The hash is of one line per set, as it always was, but the lines are handed to it a few hundred at a time
  // rather than one by one: each call into the hash has a fixed cost, which a catalogue paid 26,000 times.
  // SHA-256 of pieces fed in order is SHA-256 of their concatenation, so the version is unchanged.
  const hash = createHash('sha256');
  let chunk = '';
  for (let i = 0; i < unique.length; i += 1) {
    const s = unique[i]!;
    chunk += `${s.norad} ${s.epoch} ${s.meanMotion} ${s.eccentricity} ${s.inclination} ${s.raan} ${s.argPerigee} ${s.meanAnomaly} ${s.bstar}\n`;
    if ((i + 1) % LINES_PER_UPDATE === 0) {
      hash.update(chunk);
      chunk = '';
    }
  }
  hash.update(chunk);
  return { version: `sha256:${hash.digest('hex').slice(0, 16)}`, sets: unique };
}
