/**
 * Messages as an operator receives them (read-file.ts): each either a full CCSDS 508.0-B-1 CDM or a
 * Space-Track `cdm_public` record, and the summary every form carries. The summary of a full message
 * comes from the decoded Cdm: MESSAGE_ID, ORIGINATOR, CREATION_DATE (Table 3-1), TCA, MISS_DISTANCE,
 * RELATIVE_SPEED, COLLISION_PROBABILITY(_METHOD) (Table 3-2), OBJECT_DESIGNATOR, OBJECT_NAME,
 * INTERNATIONAL_DESIGNATOR, OBJECT_TYPE (Table 3-3), and the HBR of a CARA comment
 * (hard-body-radius.ts).
 */
import type { UtcMs } from '../units.ts';
import type { Cdm, CdmObject } from './cdm.ts';
import { internationalDesignatorOf, noradIdOf } from './designators.ts';
import { cdmHardBodyRadius } from './hard-body-radius.ts';

export type ReceivedFormat = 'kvn' | 'xml' | 'json';

export interface ReceivedObject {
  /** The catalogue number of OBJECT_DESIGNATOR or Space-Track's SAT_1_ID / SAT_2_ID: digits ('000025994' → 25994) or Alpha-5 (designators.ts); else null. */
  readonly noradId: number | null;
  /** OBJECT_DESIGNATOR as written, or Space-Track's SAT_n_ID. */
  readonly designator: string;
  readonly name: string | null;
  /** INTERNATIONAL_DESIGNATOR ('1999-068A'); null when absent or UNKNOWN. */
  readonly internationalDesignator: string | null;
  /** CDM OBJECT_TYPE or Space-Track's SATn_OBJECT_TYPE (PAYLOAD, ROCKET BODY, DEBRIS, UNKNOWN, TBA…). */
  readonly objectType: string | null;
}

/** What every received form carries. */
export interface CdmSummary {
  readonly messageId: string;
  /** ORIGINATOR, or for a Space-Track record its EMITTER / ORIGINATOR field (space-track-json.ts). */
  readonly originator: string;
  readonly creationDate: UtcMs;
  readonly tca: UtcMs;
  readonly missDistanceM: number;
  readonly relativeSpeedMPerS: number | null;
  /** As the message states it. */
  readonly collisionProbability: number | null;
  readonly collisionProbabilityMethod: string | null;
  /** CARA 'COMMENT HBR = … [m]' (hard-body-radius.ts) or Space-Track's COMMENT_EFFECTIVE_HBR. */
  readonly hbrM: number | null;
  readonly object1: ReceivedObject;
  readonly object2: ReceivedObject;
}

/** A message as received. */
export interface ReceivedCdm {
  /** Position in the file, from 0 (rejected messages take their place in the count). */
  readonly index: number;
  readonly format: ReceivedFormat;
  /** 1-based line where it starts in the file (KVN: its CCSDS_CDM_VERS line; XML: its <cdm> start tag); null for JSON. */
  readonly line: number | null;
  /** Its own text as received (KVN: its lines; XML: its <cdm> element as a standalone document; JSON: JSON.stringify of its record). */
  readonly text: string;
  /** The full message when it carries states and covariances; null for Space-Track cdm_public records. */
  readonly cdm: Cdm | null;
  readonly summary: CdmSummary;
}

export interface CdmFileRejection {
  /** Position of the message in the file, or null when the file as a whole is not what was expected. */
  readonly index: number | null;
  readonly line: number | null;
  readonly messageId: string | null;
  readonly reason: string;
}

export interface CdmFileResult {
  readonly messages: ReceivedCdm[];
  readonly rejected: CdmFileRejection[];
}

function receivedObject(object: CdmObject): ReceivedObject {
  const m = object.metadata;
  return {
    noradId: noradIdOf(m.objectDesignator),
    designator: m.objectDesignator,
    name: m.objectName,
    internationalDesignator: internationalDesignatorOf(m.internationalDesignator),
    objectType: m.objectType ?? null,
  };
}

/** The summary of a decoded message (rule: every field from the Cdm itself). */
export function summaryOfCdm(cdm: Cdm): CdmSummary {
  return {
    messageId: cdm.header.messageId,
    originator: cdm.header.originator,
    creationDate: cdm.header.creationDate,
    tca: cdm.relative.tca,
    missDistanceM: cdm.relative.missDistanceM,
    relativeSpeedMPerS: cdm.relative.relativeSpeedMPerS ?? null,
    collisionProbability: cdm.relative.collisionProbability ?? null,
    collisionProbabilityMethod: cdm.relative.collisionProbabilityMethod ?? null,
    hbrM: cdmHardBodyRadius(cdm)?.hbrM ?? null,
    object1: receivedObject(cdm.object1),
    object2: receivedObject(cdm.object2),
  };
}
