/**
 * The combined hard-body radius (HBR) a CDM carries, if any. CDM 1.0 has no HBR keyword; NASA
 * CARA writes it as a relative-data comment, "COMMENT HBR = 15 [m]"
 * (shared/reference/cdm/README.md), and so do our own messages (conjunction.ts). Comments of every
 * block are searched, relative metadata first. Other radii are not HBRs: CSpOC's "Exclusion
 * Volume Radius = 5 [m]" is each object's screening exclusion radius (README: "not the HBR").
 */
import type { Cdm } from './cdm.ts';

/**
 * A radius as written in a comment or a field: an optional label and '=' or ':', a number and an
 * optional unit, m or km, bracketed or not ("HBR = 15 [m]", "HBR=0.02 [km]", "HARD_BODY_RADIUS = 20 m",
 * "Effective HBR = 15 m", "15"); units default to metres. Group 1 is the label, 2 the number, 3 the unit.
 */
const RADIUS_TEXT = /^(?:([A-Za-z _]*?)\s*[=:]\s*)?([+]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(?:\[?\s*(m|km)\s*\]?)?\s*$/i;
/** The labels of an HBR comment, CARA's "HBR" and the spelled-out keyword form. */
const HBR_LABEL = /^(?:HBR|HARD[ _]BODY[ _]RADIUS)$/i;
/** Labels of a field that holds the HBR and nothing else: any ending in HBR or RADIUS ("Effective HBR"). */
const FIELD_LABEL = /(?:HBR|RADIUS)$/i;

function metres(m: RegExpExecArray): number | undefined {
  const value = Number(m[2]) * (m[3]?.toLowerCase() === 'km' ? 1000 : 1);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export interface HardBodyRadius {
  readonly hbrM: number;
  /** The comment it was read from. */
  readonly comment: string;
}

/** The HBR of one comment line ("HBR = 15 [m]": the label is required, a comment may be about anything), or undefined. */
export function hardBodyRadiusOfComment(comment: string): number | undefined {
  const m = RADIUS_TEXT.exec(comment.trim());
  return m && m[1] !== undefined && HBR_LABEL.test(m[1].trim()) ? metres(m) : undefined;
}

/**
 * The HBR of a field that holds nothing else (Space-Track's COMMENT_EFFECTIVE_HBR, space-track-json.ts,
 * whose value's form no source documents): a bare number, with or without a unit, or the same
 * labelled as a comment would be ("HBR = 15 [m]", "Effective HBR = 15 m"), in metres; else undefined.
 */
export function hardBodyRadiusOfField(text: string): number | undefined {
  const m = RADIUS_TEXT.exec(text.trim());
  return m && (m[1] === undefined || FIELD_LABEL.test(m[1].trim())) ? metres(m) : undefined;
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
