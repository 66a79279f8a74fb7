/**
 * The combined hard-body radius (HBR) a CDM carries, if any. CDM 1.0 has no HBR keyword; NASA
 * CARA writes it as a relative-data comment, "COMMENT HBR = 15 [m]"
 * (shared/reference/cdm/README.md), and so do our own messages (conjunction.ts). Comments of every
 * block are searched, relative metadata first. Other radii are not HBRs: CSpOC's "Exclusion
 * Volume Radius = 5 [m]" is each object's screening exclusion radius (README: "not the HBR").
 */
import type { Cdm } from './cdm.ts';

/** "HBR = 15 [m]", "HBR=0.02 [km]", "HARD_BODY_RADIUS = 20 m"; units default to metres. */
const HBR_COMMENT = /^(?:HBR|HARD[ _]BODY[ _]RADIUS)\s*[=:]\s*([+]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(?:\[?\s*(m|km)\s*\]?)?\s*$/i;

export interface HardBodyRadius {
  readonly hbrM: number;
  /** The comment it was read from. */
  readonly comment: string;
}

/** The HBR of one comment line, or undefined. */
export function hardBodyRadiusOfComment(comment: string): number | undefined {
  const m = HBR_COMMENT.exec(comment.trim());
  if (!m) return undefined;
  const value = Number(m[1]) * (m[2]?.toLowerCase() === 'km' ? 1000 : 1);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function allComments(cdm: Cdm): readonly string[] {
  const object = (o: Cdm['object1']) => [
    ...o.metadata.comments,
    ...o.data.comments,
    ...(o.data.odParameters?.comments ?? []),
    ...(o.data.additionalParameters?.comments ?? []),
    ...o.data.stateVector.comments,
    ...o.data.covariance.comments,
  ];
  return [...cdm.relative.comments, ...cdm.header.comments, ...object(cdm.object1), ...object(cdm.object2)];
}

/** The message's own HBR, or undefined when it gives none. */
export function cdmHardBodyRadius(cdm: Cdm): HardBodyRadius | undefined {
  for (const comment of allComments(cdm)) {
    const hbrM = hardBodyRadiusOfComment(comment);
    if (hbrM !== undefined) return { hbrM, comment };
  }
  return undefined;
}
