/**
 * What a stored CDM says about its own quality (issue 29 item 4), read again from its raw text with
 * the core reader: each object's orbit determination (CCSDS 508.0-B-1 Table 3-4 OD parameters:
 * OBS_AVAILABLE/USED, TRACKS_AVAILABLE/USED, RECOMMENDED/ACTUAL_OD_SPAN, RESIDUALS_ACCEPTED,
 * WEIGHTED_RMS, TIME_LASTOB_END) and the covariance scale factor CARA states in a comment
 * ("COMMENT COVARIANCE_SCALE_FACTOR = 1.000", as in the CARA samples of shared/reference/cdm/cara),
 * and the originator's COLLISION_PROBABILITY and method next to the Pc we computed from the same
 * message (`cdm_messages.pc`, `pc_method`).
 *
 * CDM 1.0 has no OD_EPOCH keyword (CDM 2.0 draft's); the end of the last observation span
 * (TIME_LASTOB_END) is the epoch of the orbit determination as the message states it, and the
 * hours from it to the message's CREATION_DATE say how old the OD was when it was sent.
 * Disagreement: the two Pcs differ by more than a factor of 2 (CARA's guidance treats Pcs within a
 * factor of a few as the same assessment; a factor of 2 flags what an operator should look at), or
 * one is zero and the other is not.
 */
import type { CdmOdQuality, CdmQuality, PcMethod } from '../../../contracts/conjunction-events.ts';
import { readCdmFile, type Cdm } from '../../../core/cdm/index.ts';
import type { CdmMessageRow } from '../../repositories/cdm-message-repository.ts';

type CdmObject = Cdm['object1'];

const SCALE_FACTOR = /^(?:COVARIANCE_SCALE_FACTOR|COV_SCALE_FACTOR)\s*=\s*([-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)/i;
const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

const EMPTY: CdmOdQuality = {
  obsAvailable: null,
  obsUsed: null,
  tracksAvailable: null,
  tracksUsed: null,
  recommendedOdSpanDays: null,
  actualOdSpanDays: null,
  residualsAcceptedPercent: null,
  weightedRms: null,
  timeLastObEnd: null,
  odEpoch: null,
  hoursSinceOdEpoch: null,
  covarianceScaleFactor: null,
};

function scaleFactorOf(o: CdmObject): number | null {
  const comments = [...o.metadata.comments, ...o.data.comments, ...(o.data.odParameters?.comments ?? []), ...(o.data.additionalParameters?.comments ?? [])];
  for (const c of comments) {
    const m = SCALE_FACTOR.exec(c.trim());
    if (m) return Number(m[1]);
  }
  return null;
}

function odQualityOf(o: CdmObject, creationMs: number): CdmOdQuality {
  const od = o.data.odParameters;
  const epoch = od?.timeLastObEnd;
  return {
    obsAvailable: od?.obsAvailable ?? null,
    obsUsed: od?.obsUsed ?? null,
    tracksAvailable: od?.tracksAvailable ?? null,
    tracksUsed: od?.tracksUsed ?? null,
    recommendedOdSpanDays: od?.recommendedOdSpanDays ?? null,
    actualOdSpanDays: od?.actualOdSpanDays ?? null,
    residualsAcceptedPercent: od?.residualsAcceptedPercent ?? null,
    weightedRms: od?.weightedRms ?? null,
    timeLastObEnd: iso(epoch),
    odEpoch: iso(epoch),
    hoursSinceOdEpoch: epoch === undefined ? null : Number(((creationMs - epoch) / 3_600_000).toFixed(3)),
    covarianceScaleFactor: scaleFactorOf(o),
  };
}

/** max/min of two Pcs, null when either is missing or zero; and whether they disagree (module comment). */
export function pcComparison(a: number | null, b: number | null): { ratio: number | null; disagrees: boolean } {
  if (a === null || b === null) return { ratio: null, disagrees: false };
  if (a === 0 || b === 0) return { ratio: null, disagrees: a !== b };
  const ratio = Math.max(a, b) / Math.min(a, b);
  return { ratio, disagrees: ratio > 2 };
}

/**
 * The quality of a stored message (the event's newest), or null when its text no longer reads as
 * a CDM. `swap`: the event's primary is the message's OBJECT2 (a message of the pair in the other
 * order), so primary/secondary follow the event.
 */
export function cdmQualityOf(m: Pick<CdmMessageRow, 'id' | 'originator' | 'creationDate' | 'raw' | 'pc' | 'pcMethod'>, swap: boolean): CdmQuality | null {
  const read = readCdmFile(m.raw).messages[0];
  if (!read) return null;
  const s = read.summary;
  const creationMs = s.creationDate;
  const [p, q] = read.cdm ? (swap ? [read.cdm.object2, read.cdm.object1] : [read.cdm.object1, read.cdm.object2]) : [undefined, undefined];
  const { ratio, disagrees } = pcComparison(s.collisionProbability, m.pc);
  return {
    cdmId: m.id,
    originator: m.originator,
    creationDate: m.creationDate.toISOString(),
    originatorPc: s.collisionProbability,
    originatorPcMethod: s.collisionProbabilityMethod,
    ourPc: m.pc,
    ourPcMethod: (m.pcMethod as PcMethod | null) ?? null,
    pcRatio: ratio,
    pcDisagrees: disagrees,
    primary: p ? odQualityOf(p, creationMs) : EMPTY,
    secondary: q ? odQualityOf(q, creationMs) : EMPTY,
  };
}
