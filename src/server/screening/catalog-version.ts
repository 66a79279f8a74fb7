import { createHash } from 'node:crypto';
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

/** Keeps each object's newest element set and names the result by a SHA-256 of (id, epoch, elements). */
export function catalogVersionOf(sets: readonly ElementSet[]): CatalogVersion {
  const newest = new Map<number, ElementSet>();
  for (const set of sets) {
    const seen = newest.get(set.norad);
    if (!seen || set.epoch > seen.epoch) newest.set(set.norad, set);
  }
  const unique = [...newest.values()].sort((a, b) => a.norad - b.norad);
  const hash = createHash('sha256');
  for (const s of unique) hash.update(`${s.norad} ${s.epoch} ${s.meanMotion} ${s.eccentricity} ${s.inclination} ${s.raan} ${s.argPerigee} ${s.meanAnomaly} ${s.bstar}\n`);
  return { version: `sha256:${hash.digest('hex').slice(0, 16)}`, sets: unique };
}
