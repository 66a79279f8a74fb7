/**
 * The CCSDS Conjunction Data Message, version 1.0 (CCSDS 508.0-B-1, June 2013, with Technical
 * Corrigenda 1 and 2), as a typed value. One message describes one conjunction between Object1
 * and Object2 at the time of closest approach (TCA): header (§3.2, Table 3-1), relative
 * metadata/data (§3.3, Table 3-2), and for each object metadata (§3.4, Table 3-3) and data in
 * four logical blocks (§3.5, Table 3-4): OD parameters, additional parameters, state vector and
 * the RTN covariance.
 *
 * Every keyword of the four tables has a field here, obligatory ones as required fields. Values
 * keep the message's own units (metres for relative data, kilometres for states, m**2… for the
 * covariance); the unit is part of each field name. Times are `UtcMs` (all CDM times are UTC,
 * §6.2.3.4). Comments are kept per logical block, in order (§6.2.5); KVN and XML readers put a
 * comment in the block of the keyword that follows it.
 *
 * Readers: kvn-read.ts, xml-read.ts (read.ts detects which). Writers: kvn-write.ts, xml-write.ts.
 */
import type { UtcMs } from '../units.ts';

/** The only CDM version 508.0-B-1 defines (Table 3-1, CCSDS_CDM_VERS; §4.3.3.9 for XML). */
export const CDM_VERSION = '1.0';

export type Vector3 = readonly [number, number, number];

/** A square symmetric matrix, row-major; `m[i][j] === m[j][i]`. */
export type SymmetricMatrix = readonly (readonly number[])[];

/** Table 3-2 SCREEN_VOLUME_FRAME. */
export type ScreenVolumeFrame = 'RTN' | 'TVN';
export const SCREEN_VOLUME_FRAMES: readonly ScreenVolumeFrame[] = ['RTN', 'TVN'];
/** Table 3-2 SCREEN_VOLUME_SHAPE. */
export type ScreenVolumeShape = 'ELLIPSOID' | 'BOX';
export const SCREEN_VOLUME_SHAPES: readonly ScreenVolumeShape[] = ['ELLIPSOID', 'BOX'];
/** Table 3-3 OBJECT. */
export type CdmObjectId = 'OBJECT1' | 'OBJECT2';
/** Table 3-3 OBJECT_TYPE (normative values). */
export type CdmObjectType = 'PAYLOAD' | 'ROCKET BODY' | 'DEBRIS' | 'UNKNOWN' | 'OTHER';
export const CDM_OBJECT_TYPES: readonly CdmObjectType[] = ['PAYLOAD', 'ROCKET BODY', 'DEBRIS', 'UNKNOWN', 'OTHER'];
/** Table 3-3 COVARIANCE_METHOD: DEFAULT marks an arbitrary, non-calculated covariance. */
export type CovarianceMethod = 'CALCULATED' | 'DEFAULT';
export const COVARIANCE_METHODS: readonly CovarianceMethod[] = ['CALCULATED', 'DEFAULT'];
/** Table 3-3 MANEUVERABLE ('N/A': not available or not applicable, §1.4.3.1). */
export type Maneuverable = 'YES' | 'NO' | 'N/A';
export const MANEUVERABLE_VALUES: readonly Maneuverable[] = ['YES', 'NO', 'N/A'];
export type YesNo = 'YES' | 'NO';
export const YES_NO: readonly YesNo[] = ['YES', 'NO'];

/**
 * Table 3-3 REF_FRAME: the frame of the state vectors, the same for both objects. 508.0-B-1 lists
 * GCRF, EME2000 and ITRF only (so does the ndmxml CDM 1.0 schema). TEME, the output frame of
 * SGP4 (Vallado et al. 2006, AIAA 2006-6753), is accepted here as an extension for reading
 * (earlier Data Forge messages, other producers) and is written back only when a message read with
 * it is re-written: cdmFromConjunction turns TEME states into EME2000 (conjunction.ts), so the
 * messages we generate are valid 508.0-B-1. An XML validator holding the 1.0 schema rejects TEME.
 */
export type CdmRefFrame = 'EME2000' | 'GCRF' | 'ITRF' | 'TEME';
export const CDM_REF_FRAMES: readonly CdmRefFrame[] = ['EME2000', 'GCRF', 'ITRF', 'TEME'];
/** The frames 508.0-B-1 Table 3-3 itself lists. */
export const STANDARD_REF_FRAMES: readonly CdmRefFrame[] = ['GCRF', 'EME2000', 'ITRF'];

/** Table 3-1, CDM header. */
export interface CdmHeader {
  /** CCSDS_CDM_VERS, "1.0". */
  readonly version: string;
  readonly comments: readonly string[];
  /** CREATION_DATE, UTC. */
  readonly creationDate: UtcMs;
  /** ORIGINATOR: creating agency or owner/operator (SANA 'Organizations' abbreviation). */
  readonly originator: string;
  /** MESSAGE_FOR: spacecraft name(s) the message is for. */
  readonly messageFor?: string;
  /** MESSAGE_ID: unique per originator. */
  readonly messageId: string;
}

/** Table 3-2, relative metadata/data. */
export interface CdmRelativeMetadata {
  readonly comments: readonly string[];
  /** TCA: time of closest approach, UTC; also the epoch of both states and covariances (§5.2.2). */
  readonly tca: UtcMs;
  /** MISS_DISTANCE [m]: norm of the relative position at TCA. */
  readonly missDistanceM: number;
  /** RELATIVE_SPEED [m/s]: norm of the relative velocity at TCA. */
  readonly relativeSpeedMPerS?: number;
  /**
   * RELATIVE_POSITION_R/_T/_N [m]: Object2's position minus Object1's, in Object1's RTN frame
   * (Annex E1). Present with all three components or absent (the XML <relativeStateVector>
   * holds all six relative components, Table 4-2).
   */
  readonly relativePositionRtnM?: Vector3;
  /** RELATIVE_VELOCITY_R/_T/_N [m/s], as the relative position. */
  readonly relativeVelocityRtnMPerS?: Vector3;
  /** START_SCREEN_PERIOD, UTC. */
  readonly startScreenPeriod?: UtcMs;
  /** STOP_SCREEN_PERIOD, UTC. */
  readonly stopScreenPeriod?: UtcMs;
  /** SCREEN_VOLUME_FRAME, Object1-centred. */
  readonly screenVolumeFrame?: ScreenVolumeFrame;
  /** SCREEN_VOLUME_SHAPE. */
  readonly screenVolumeShape?: ScreenVolumeShape;
  /** SCREEN_VOLUME_X [m]: R (RTN) or T (TVN) size. */
  readonly screenVolumeXM?: number;
  /** SCREEN_VOLUME_Y [m]: T (RTN) or V (TVN) size. */
  readonly screenVolumeYM?: number;
  /** SCREEN_VOLUME_Z [m]: N size. */
  readonly screenVolumeZM?: number;
  /** SCREEN_ENTRY_TIME, UTC: Object2 enters the screening volume. */
  readonly screenEntryTime?: UtcMs;
  /** SCREEN_EXIT_TIME, UTC. */
  readonly screenExitTime?: UtcMs;
  /** COLLISION_PROBABILITY, 0 ≤ p ≤ 1. */
  readonly collisionProbability?: number;
  /** COLLISION_PROBABILITY_METHOD, e.g. FOSTER-1992, CHAN-1997, ALFANO-2005 (Annex E1, SANA registry). */
  readonly collisionProbabilityMethod?: string;
}

/** Table 3-3, metadata of one object. */
export interface CdmObjectMetadata {
  readonly comments: readonly string[];
  /** OBJECT. */
  readonly object: CdmObjectId;
  /** OBJECT_DESIGNATOR: satellite catalogue designator, as written ("000025994" keeps its zeros). */
  readonly objectDesignator: string;
  /** CATALOG_NAME, e.g. SATCAT. */
  readonly catalogName: string;
  /** OBJECT_NAME. */
  readonly objectName: string;
  /** INTERNATIONAL_DESIGNATOR, "YYYY-NNNP{PP}" or UNKNOWN. */
  readonly internationalDesignator: string;
  /** OBJECT_TYPE. */
  readonly objectType?: CdmObjectType;
  /** OPERATOR_CONTACT_POSITION. */
  readonly operatorContactPosition?: string;
  /** OPERATOR_ORGANIZATION. */
  readonly operatorOrganization?: string;
  /** OPERATOR_PHONE. */
  readonly operatorPhone?: string;
  /** OPERATOR_EMAIL. */
  readonly operatorEmail?: string;
  /** EPHEMERIS_NAME: an owner/operator ephemeris used, or NONE (the originator's own OD). */
  readonly ephemerisName: string;
  /** COVARIANCE_METHOD. */
  readonly covarianceMethod: CovarianceMethod;
  /** MANEUVERABLE. */
  readonly maneuverable: Maneuverable;
  /** ORBIT_CENTER; Earth when absent. */
  readonly orbitCenter?: string;
  /** REF_FRAME of the state vector (the covariance is always RTN). */
  readonly refFrame: CdmRefFrame;
  /** GRAVITY_MODEL, e.g. "EGM-96: 36D 36O". */
  readonly gravityModel?: string;
  /** ATMOSPHERIC_MODEL. */
  readonly atmosphericModel?: string;
  /** N_BODY_PERTURBATIONS, e.g. "MOON, SUN". */
  readonly nBodyPerturbations?: string;
  /** SOLAR_RAD_PRESSURE. */
  readonly solarRadPressure?: YesNo;
  /** EARTH_TIDES. */
  readonly earthTides?: YesNo;
  /** INTRACK_THRUST. */
  readonly intrackThrust?: YesNo;
}

/** Table 3-4, OD parameters block (XML <odParameters>). */
export interface CdmOdParameters {
  readonly comments: readonly string[];
  /** TIME_LASTOB_START, UTC. */
  readonly timeLastObStart?: UtcMs;
  /** TIME_LASTOB_END, UTC. */
  readonly timeLastObEnd?: UtcMs;
  /** RECOMMENDED_OD_SPAN [d]. */
  readonly recommendedOdSpanDays?: number;
  /** ACTUAL_OD_SPAN [d]. */
  readonly actualOdSpanDays?: number;
  /** OBS_AVAILABLE. */
  readonly obsAvailable?: number;
  /** OBS_USED. */
  readonly obsUsed?: number;
  /** TRACKS_AVAILABLE. */
  readonly tracksAvailable?: number;
  /** TRACKS_USED. */
  readonly tracksUsed?: number;
  /** RESIDUALS_ACCEPTED [%]. */
  readonly residualsAcceptedPercent?: number;
  /** WEIGHTED_RMS (dimensionless; 1.00 is ideal, Annex E2). */
  readonly weightedRms?: number;
}

/** Table 3-4, additional parameters block (XML <additionalParameters>). */
export interface CdmAdditionalParameters {
  readonly comments: readonly string[];
  /** AREA_PC [m**2]: actual area of the object. */
  readonly areaPcM2?: number;
  /** AREA_DRG [m**2]. */
  readonly areaDrgM2?: number;
  /** AREA_SRP [m**2]. */
  readonly areaSrpM2?: number;
  /** MASS [kg]. */
  readonly massKg?: number;
  /** CD_AREA_OVER_MASS [m**2/kg]; 0 means drag was not modelled (§5.2.4). */
  readonly cdAreaOverMassM2PerKg?: number;
  /** CR_AREA_OVER_MASS [m**2/kg]; 0 means solar radiation pressure was not modelled (§5.2.5). */
  readonly crAreaOverMassM2PerKg?: number;
  /** THRUST_ACCELERATION [m/s**2]; 0 means no in-track thrust (§5.2.6). */
  readonly thrustAccelerationMPerS2?: number;
  /** SEDR [W/kg]: specific energy dissipation rate. */
  readonly sedrWPerKg?: number;
}

/** Table 3-4, state vector block (XML <stateVector>), at TCA, in the object's REF_FRAME. */
export interface CdmStateVector {
  readonly comments: readonly string[];
  /** X, Y, Z [km]. */
  readonly positionKm: Vector3;
  /** X_DOT, Y_DOT, Z_DOT [km/s]. */
  readonly velocityKmPerS: Vector3;
}

/**
 * Table 3-4, covariance block (XML <covarianceMatrix>): the object's covariance at TCA in its
 * own RTN frame, order R, T, N, RDOT, TDOT, NDOT, then optionally DRG, SRP, THR (§5.2.8).
 * Units per element as in Table 3-4: m**2 (position), m**2/s (position × velocity), m**2/s**2
 * (velocity), m**3/kg, m**3/(kg*s), m**4/kg**2, m**2/s**2, m**2/s**3, m**3/(kg*s**2), m**2/s**4.
 */
export interface CdmCovariance {
  readonly comments: readonly string[];
  /** 6×6 to 9×9, symmetric: the 21 elements of the 6×6 are obligatory; rows 7–9 are added whole (§5.2.8). */
  readonly rtn: SymmetricMatrix;
}

/** Table 3-4, data of one object. */
export interface CdmObjectData {
  /** Comments at the start of the data section (XML <data><COMMENT>). */
  readonly comments: readonly string[];
  readonly odParameters?: CdmOdParameters;
  readonly additionalParameters?: CdmAdditionalParameters;
  readonly stateVector: CdmStateVector;
  readonly covariance: CdmCovariance;
}

export interface CdmObject {
  readonly metadata: CdmObjectMetadata;
  readonly data: CdmObjectData;
}

/** A Conjunction Data Message, CCSDS 508.0-B-1. */
export interface Cdm {
  readonly header: CdmHeader;
  readonly relative: CdmRelativeMetadata;
  readonly object1: CdmObject;
  readonly object2: CdmObject;
}
