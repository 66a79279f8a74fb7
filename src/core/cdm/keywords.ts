/**
 * The CDM keywords of CCSDS 508.0-B-1, in the fixed order of its tables (§6.3.1.9), with their
 * units (§6.2.4.1: "must exactly match the units specified in each table"), value kind and
 * whether they are obligatory, and the field of the typed model (cdm.ts) each one fills.
 *
 * Table 3-1 header, Table 3-2 relative metadata/data, Table 3-3 object metadata, Table 3-4 object
 * data in four logical blocks (§3.5.1; XML tags of Table 4-1). COMMENT is allowed at the start of
 * every block and is handled by the readers, not listed here.
 */
import {
  CDM_OBJECT_TYPES,
  CDM_REF_FRAMES,
  COVARIANCE_METHODS,
  MANEUVERABLE_VALUES,
  SCREEN_VOLUME_FRAMES,
  SCREEN_VOLUME_SHAPES,
  YES_NO,
  type CdmAdditionalParameters,
  type CdmHeader,
  type CdmObjectMetadata,
  type CdmOdParameters,
  type CdmRelativeMetadata,
  type CdmStateVector,
} from './cdm.ts';

/** text: free text; time: UTC time tag (§6.3.2.6); double, integer (§6.3.2.1–3); enum: one of `values`. */
export type ValueKind = 'text' | 'time' | 'double' | 'integer' | 'enum';

export interface KeywordSpec<T> {
  readonly keyword: string;
  readonly kind: ValueKind;
  /** Units as the table prints them; absent for dimensionless or text items. */
  readonly unit?: string;
  readonly obligatory?: true;
  /** Normative values of an enum keyword (upper case). */
  readonly values?: readonly string[];
  /** The model field it fills; with `index`, that component of a 3-vector. */
  readonly field: keyof T & string;
  readonly index?: 0 | 1 | 2;
}

/** Table 3-1. */
export const HEADER_KEYWORDS: readonly KeywordSpec<CdmHeader>[] = [
  { keyword: 'CCSDS_CDM_VERS', kind: 'text', obligatory: true, field: 'version' },
  { keyword: 'CREATION_DATE', kind: 'time', obligatory: true, field: 'creationDate' },
  { keyword: 'ORIGINATOR', kind: 'text', obligatory: true, field: 'originator' },
  { keyword: 'MESSAGE_FOR', kind: 'text', field: 'messageFor' },
  { keyword: 'MESSAGE_ID', kind: 'text', obligatory: true, field: 'messageId' },
];

/** Table 3-2. */
export const RELATIVE_KEYWORDS: readonly KeywordSpec<CdmRelativeMetadata>[] = [
  { keyword: 'TCA', kind: 'time', obligatory: true, field: 'tca' },
  { keyword: 'MISS_DISTANCE', kind: 'double', unit: 'm', obligatory: true, field: 'missDistanceM' },
  { keyword: 'RELATIVE_SPEED', kind: 'double', unit: 'm/s', field: 'relativeSpeedMPerS' },
  { keyword: 'RELATIVE_POSITION_R', kind: 'double', unit: 'm', field: 'relativePositionRtnM', index: 0 },
  { keyword: 'RELATIVE_POSITION_T', kind: 'double', unit: 'm', field: 'relativePositionRtnM', index: 1 },
  { keyword: 'RELATIVE_POSITION_N', kind: 'double', unit: 'm', field: 'relativePositionRtnM', index: 2 },
  { keyword: 'RELATIVE_VELOCITY_R', kind: 'double', unit: 'm/s', field: 'relativeVelocityRtnMPerS', index: 0 },
  { keyword: 'RELATIVE_VELOCITY_T', kind: 'double', unit: 'm/s', field: 'relativeVelocityRtnMPerS', index: 1 },
  { keyword: 'RELATIVE_VELOCITY_N', kind: 'double', unit: 'm/s', field: 'relativeVelocityRtnMPerS', index: 2 },
  { keyword: 'START_SCREEN_PERIOD', kind: 'time', field: 'startScreenPeriod' },
  { keyword: 'STOP_SCREEN_PERIOD', kind: 'time', field: 'stopScreenPeriod' },
  { keyword: 'SCREEN_VOLUME_FRAME', kind: 'enum', values: SCREEN_VOLUME_FRAMES, field: 'screenVolumeFrame' },
  { keyword: 'SCREEN_VOLUME_SHAPE', kind: 'enum', values: SCREEN_VOLUME_SHAPES, field: 'screenVolumeShape' },
  { keyword: 'SCREEN_VOLUME_X', kind: 'double', unit: 'm', field: 'screenVolumeXM' },
  { keyword: 'SCREEN_VOLUME_Y', kind: 'double', unit: 'm', field: 'screenVolumeYM' },
  { keyword: 'SCREEN_VOLUME_Z', kind: 'double', unit: 'm', field: 'screenVolumeZM' },
  { keyword: 'SCREEN_ENTRY_TIME', kind: 'time', field: 'screenEntryTime' },
  { keyword: 'SCREEN_EXIT_TIME', kind: 'time', field: 'screenExitTime' },
  { keyword: 'COLLISION_PROBABILITY', kind: 'double', field: 'collisionProbability' },
  { keyword: 'COLLISION_PROBABILITY_METHOD', kind: 'text', field: 'collisionProbabilityMethod' },
];

/** The six keywords the XML form groups in <relativeStateVector> (Table 4-2). */
export const RELATIVE_STATE_VECTOR_KEYWORDS: ReadonlySet<string> = new Set(RELATIVE_KEYWORDS.filter((k) => k.index !== undefined).map((k) => k.keyword));

/** Table 3-3 (OBJECT first: in KVN it opens each object's section). */
export const METADATA_KEYWORDS: readonly KeywordSpec<CdmObjectMetadata>[] = [
  { keyword: 'OBJECT', kind: 'enum', values: ['OBJECT1', 'OBJECT2'], obligatory: true, field: 'object' },
  { keyword: 'OBJECT_DESIGNATOR', kind: 'text', obligatory: true, field: 'objectDesignator' },
  { keyword: 'CATALOG_NAME', kind: 'text', obligatory: true, field: 'catalogName' },
  { keyword: 'OBJECT_NAME', kind: 'text', obligatory: true, field: 'objectName' },
  { keyword: 'INTERNATIONAL_DESIGNATOR', kind: 'text', obligatory: true, field: 'internationalDesignator' },
  { keyword: 'OBJECT_TYPE', kind: 'enum', values: CDM_OBJECT_TYPES, field: 'objectType' },
  { keyword: 'OPERATOR_CONTACT_POSITION', kind: 'text', field: 'operatorContactPosition' },
  { keyword: 'OPERATOR_ORGANIZATION', kind: 'text', field: 'operatorOrganization' },
  { keyword: 'OPERATOR_PHONE', kind: 'text', field: 'operatorPhone' },
  { keyword: 'OPERATOR_EMAIL', kind: 'text', field: 'operatorEmail' },
  { keyword: 'EPHEMERIS_NAME', kind: 'text', obligatory: true, field: 'ephemerisName' },
  { keyword: 'COVARIANCE_METHOD', kind: 'enum', values: COVARIANCE_METHODS, obligatory: true, field: 'covarianceMethod' },
  { keyword: 'MANEUVERABLE', kind: 'enum', values: MANEUVERABLE_VALUES, obligatory: true, field: 'maneuverable' },
  { keyword: 'ORBIT_CENTER', kind: 'text', field: 'orbitCenter' },
  { keyword: 'REF_FRAME', kind: 'enum', values: CDM_REF_FRAMES, obligatory: true, field: 'refFrame' },
  { keyword: 'GRAVITY_MODEL', kind: 'text', field: 'gravityModel' },
  { keyword: 'ATMOSPHERIC_MODEL', kind: 'text', field: 'atmosphericModel' },
  { keyword: 'N_BODY_PERTURBATIONS', kind: 'text', field: 'nBodyPerturbations' },
  { keyword: 'SOLAR_RAD_PRESSURE', kind: 'enum', values: YES_NO, field: 'solarRadPressure' },
  { keyword: 'EARTH_TIDES', kind: 'enum', values: YES_NO, field: 'earthTides' },
  { keyword: 'INTRACK_THRUST', kind: 'enum', values: YES_NO, field: 'intrackThrust' },
];

/** Table 3-4, OD Parameters. */
export const OD_PARAMETER_KEYWORDS: readonly KeywordSpec<CdmOdParameters>[] = [
  { keyword: 'TIME_LASTOB_START', kind: 'time', field: 'timeLastObStart' },
  { keyword: 'TIME_LASTOB_END', kind: 'time', field: 'timeLastObEnd' },
  { keyword: 'RECOMMENDED_OD_SPAN', kind: 'double', unit: 'd', field: 'recommendedOdSpanDays' },
  { keyword: 'ACTUAL_OD_SPAN', kind: 'double', unit: 'd', field: 'actualOdSpanDays' },
  { keyword: 'OBS_AVAILABLE', kind: 'integer', field: 'obsAvailable' },
  { keyword: 'OBS_USED', kind: 'integer', field: 'obsUsed' },
  { keyword: 'TRACKS_AVAILABLE', kind: 'integer', field: 'tracksAvailable' },
  { keyword: 'TRACKS_USED', kind: 'integer', field: 'tracksUsed' },
  { keyword: 'RESIDUALS_ACCEPTED', kind: 'double', unit: '%', field: 'residualsAcceptedPercent' },
  { keyword: 'WEIGHTED_RMS', kind: 'double', field: 'weightedRms' },
];

/** Table 3-4, Additional Parameters. */
export const ADDITIONAL_PARAMETER_KEYWORDS: readonly KeywordSpec<CdmAdditionalParameters>[] = [
  { keyword: 'AREA_PC', kind: 'double', unit: 'm**2', field: 'areaPcM2' },
  { keyword: 'AREA_DRG', kind: 'double', unit: 'm**2', field: 'areaDrgM2' },
  { keyword: 'AREA_SRP', kind: 'double', unit: 'm**2', field: 'areaSrpM2' },
  { keyword: 'MASS', kind: 'double', unit: 'kg', field: 'massKg' },
  { keyword: 'CD_AREA_OVER_MASS', kind: 'double', unit: 'm**2/kg', field: 'cdAreaOverMassM2PerKg' },
  { keyword: 'CR_AREA_OVER_MASS', kind: 'double', unit: 'm**2/kg', field: 'crAreaOverMassM2PerKg' },
  { keyword: 'THRUST_ACCELERATION', kind: 'double', unit: 'm/s**2', field: 'thrustAccelerationMPerS2' },
  { keyword: 'SEDR', kind: 'double', unit: 'W/kg', field: 'sedrWPerKg' },
];

/** Table 3-4, State Vector (all obligatory). */
export const STATE_VECTOR_KEYWORDS: readonly KeywordSpec<CdmStateVector>[] = [
  { keyword: 'X', kind: 'double', unit: 'km', obligatory: true, field: 'positionKm', index: 0 },
  { keyword: 'Y', kind: 'double', unit: 'km', obligatory: true, field: 'positionKm', index: 1 },
  { keyword: 'Z', kind: 'double', unit: 'km', obligatory: true, field: 'positionKm', index: 2 },
  { keyword: 'X_DOT', kind: 'double', unit: 'km/s', obligatory: true, field: 'velocityKmPerS', index: 0 },
  { keyword: 'Y_DOT', kind: 'double', unit: 'km/s', obligatory: true, field: 'velocityKmPerS', index: 1 },
  { keyword: 'Z_DOT', kind: 'double', unit: 'km/s', obligatory: true, field: 'velocityKmPerS', index: 2 },
];

/** Rows/columns of the covariance, in order (Table 3-4, §5.2.7). */
export const COVARIANCE_AXES = ['R', 'T', 'N', 'RDOT', 'TDOT', 'NDOT', 'DRG', 'SRP', 'THR'] as const;

/**
 * Units of element [i][j] (i ≥ j) by the axis groups of Table 3-4: position (R, T, N),
 * velocity (RDOT, TDOT, NDOT), DRG and SRP (both m**2/kg quantities), THR (m/s**2).
 */
function covarianceUnit(row: number, column: number): string {
  const group = (axis: number) => (axis < 3 ? 0 : axis < 6 ? 1 : axis < 8 ? 2 : 3);
  const table: Record<number, readonly string[]> = {
    0: ['m**2'],
    1: ['m**2/s', 'm**2/s**2'],
    2: ['m**3/kg', 'm**3/(kg*s)', 'm**4/kg**2'],
    3: ['m**2/s**2', 'm**2/s**3', 'm**3/(kg*s**2)', 'm**2/s**4'],
  };
  return table[group(row)]![group(column)]!;
}

export interface CovarianceKeyword {
  readonly keyword: string;
  readonly unit: string;
  readonly row: number;
  readonly column: number;
}

/** The 45 covariance keywords CR_R, CT_R, CT_T, CN_R, …, CTHR_THR, lower triangle row by row (§5.2.7); the first 21 are obligatory. */
export const COVARIANCE_KEYWORDS: readonly CovarianceKeyword[] = COVARIANCE_AXES.flatMap((rowAxis, row) =>
  COVARIANCE_AXES.slice(0, row + 1).map((columnAxis, column) => ({ keyword: `C${rowAxis}_${columnAxis}`, unit: covarianceUnit(row, column), row, column })),
);

/** The logical blocks of an object's section, with their XML tags (Table 4-1) for the data blocks. */
export type ObjectBlock = 'metadata' | 'odParameters' | 'additionalParameters' | 'stateVector' | 'covarianceMatrix';

const OBJECT_BLOCK_OF: ReadonlyMap<string, ObjectBlock> = new Map([
  ...METADATA_KEYWORDS.map((k) => [k.keyword, 'metadata'] as const),
  ...OD_PARAMETER_KEYWORDS.map((k) => [k.keyword, 'odParameters'] as const),
  ...ADDITIONAL_PARAMETER_KEYWORDS.map((k) => [k.keyword, 'additionalParameters'] as const),
  ...STATE_VECTOR_KEYWORDS.map((k) => [k.keyword, 'stateVector'] as const),
  ...COVARIANCE_KEYWORDS.map((k) => [k.keyword, 'covarianceMatrix'] as const),
]);

const HEADER_SET: ReadonlySet<string> = new Set(HEADER_KEYWORDS.map((k) => k.keyword));
const NUMERIC_SET: ReadonlySet<string> = new Set([
  ...[...RELATIVE_KEYWORDS, ...OD_PARAMETER_KEYWORDS, ...ADDITIONAL_PARAMETER_KEYWORDS, ...STATE_VECTOR_KEYWORDS].filter((k) => k.kind === 'double' || k.kind === 'integer').map((k) => k.keyword),
  ...COVARIANCE_KEYWORDS.map((k) => k.keyword),
]);

/** Whether a keyword's value is a number (and so may carry units in KVN, §6.3.3). */
export function isNumericKeyword(keyword: string): boolean {
  return NUMERIC_SET.has(keyword);
}
const RELATIVE_SET: ReadonlySet<string> = new Set(RELATIVE_KEYWORDS.map((k) => k.keyword));

/** Which section a KVN keyword belongs to, or undefined if 508.0-B-1 has no such keyword (§6.3.1.3). */
export function sectionOf(keyword: string): 'header' | 'relative' | ObjectBlock | undefined {
  if (HEADER_SET.has(keyword)) return 'header';
  if (RELATIVE_SET.has(keyword)) return 'relative';
  return OBJECT_BLOCK_OF.get(keyword);
}
