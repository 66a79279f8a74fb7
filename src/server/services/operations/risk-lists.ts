import type { RiskItem } from '../../../contracts/operations.ts';
import { ADVERSARIES } from '../../../core/catalog/index.ts';
import { adversaryInfoFor, buildAdversaryItems, buildDebrisItems, normalizeOwner, topByRisk, type ApproachRecord } from '../../../core/operations/index.ts';
import type { ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import type { CatalogEntry } from '../catalog-service.ts';
import { isEventDetails } from './views.ts';

/**
 * The Adversary Conjunction Risk and Space Debris Collision Assessment lists (spec §9 scoring,
 * DECISIONS.md §7): the debris list from the stored open conjunction events, the adversary list
 * from the latest run's approaches to adversary satellites (kept with the run, so both lists are
 * right straight after a restart).
 */

/** Items per list. */
export const RISK_ITEMS = 8;

type Lookup = (norad: number) => CatalogEntry | undefined;

/** A stored open event as an approach record (names and SATCAT fields from the catalogue, else as screened). */
export function approachOfEvent(row: ConjunctionEventRow, lookup: Lookup): ApproachRecord {
  const details = isEventDetails(row.details) ? row.details : undefined;
  const primary = lookup(row.primaryNorad)?.object;
  const secondary = lookup(row.secondaryNorad)?.object;
  return {
    primaryName: primary?.name ?? details?.primary.name ?? `NORAD ${row.primaryNorad}`,
    primaryNorad: row.primaryNorad,
    primaryCategory: primary?.category ?? null,
    secondaryNorad: row.secondaryNorad,
    secondaryName: secondary?.name ?? details?.secondary.name ?? `NORAD ${row.secondaryNorad}`,
    secondaryObjectType: secondary?.objectType ?? details?.secondary.objectType ?? 'unknown',
    secondaryOwner: secondary?.owner ?? details?.secondary.owner ?? null,
    secondaryRcsSize: secondary?.rcsSize ?? null,
    tcaMs: details?.tcaMs ?? row.tca.getTime(),
    missKm: row.missKm,
    relativeVelocityKmS: row.relativeVelocityKmS,
  };
}

export function debrisList(openEvents: readonly ConjunctionEventRow[], lookup: Lookup, nowMs: number): RiskItem[] {
  return topByRisk(
    buildDebrisItems(
      openEvents.map((row) => approachOfEvent(row, lookup)),
      nowMs,
    ),
    RISK_ITEMS,
  );
}

export function adversaryList(approaches: readonly ApproachRecord[], isAdversaryOwner: (norad: number) => boolean, nowMs: number): RiskItem[] {
  return topByRisk(
    buildAdversaryItems(approaches, (norad) => adversaryInfoFor(norad, isAdversaryOwner(norad)), nowMs),
    RISK_ITEMS,
  );
}

/** Who counts as an adversary: the configured owners (ADVERSARY_OWNERS), and the spec's named adversary satellites. */
export interface AdversaryFilter {
  /** An owner code of the configured adversaries (aliases normalised). */
  isOwner(owner: string | null | undefined): boolean;
  /** An adversary satellite: owned by an adversary (or one of the spec's named adversaries) and not debris or a rocket body. */
  isSatellite(entry: CatalogEntry): boolean;
}

const NAMED_ADVERSARY_IDS = new Set(ADVERSARIES.map((a) => a.norad));

export function adversaryFilter(adversaryOwners: readonly string[]): AdversaryFilter {
  const owners = new Set(adversaryOwners.map((o) => normalizeOwner(o)).filter((o): o is string => o !== null));
  const isOwner = (owner: string | null | undefined) => {
    const code = normalizeOwner(owner);
    return code !== null && owners.has(code);
  };
  return {
    isOwner,
    isSatellite: ({ object }) => {
      if (object.objectType === 'debris' || object.objectType === 'rocket_body') return false;
      return NAMED_ADVERSARY_IDS.has(object.noradId) || isOwner(object.owner);
    },
  };
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/**
 * The approach records stored with a run (`screening_runs.adversary_approaches`), read back
 * defensively: a record of another shape (an older or hand-edited row) is left out, not trusted.
 */
export function storedApproaches(value: unknown): ApproachRecord[] {
  if (!Array.isArray(value)) return [];
  const out: ApproachRecord[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const r = item as Record<string, unknown>;
    if (!isText(r.primaryName) || !isNumber(r.secondaryNorad) || !isText(r.secondaryName) || !isText(r.secondaryObjectType)) continue;
    if (!isTextOrNull(r.secondaryOwner) || !isTextOrNull(r.secondaryRcsSize)) continue;
    if (!isNumber(r.tcaMs) || !isNumber(r.missKm) || !isNumber(r.relativeVelocityKmS)) continue;
    out.push({
      primaryName: r.primaryName,
      primaryNorad: isNumber(r.primaryNorad) ? r.primaryNorad : undefined,
      primaryCategory: isText(r.primaryCategory) ? r.primaryCategory : null,
      secondaryNorad: r.secondaryNorad,
      secondaryName: r.secondaryName,
      secondaryObjectType: r.secondaryObjectType,
      secondaryOwner: r.secondaryOwner,
      secondaryRcsSize: r.secondaryRcsSize,
      tcaMs: r.tcaMs,
      missKm: r.missKm,
      relativeVelocityKmS: r.relativeVelocityKmS,
    });
  }
  return out;
}
