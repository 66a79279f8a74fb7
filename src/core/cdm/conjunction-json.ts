/**
 * Our conjunction as JSON: the SST conjunction fields (product spec §3 "SST result") plus what a
 * full CDM needs. snake_case, units in the names:
 *
 *   primary_object, secondary_object      names (OBJECT_NAME)
 *   primary_norad, secondary_norad        catalogue numbers (OBJECT_DESIGNATOR)
 *   primary_cospar?, secondary_cospar?    international designators "YYYY-NNNP{PP}"
 *   primary_object_type?, …               PAYLOAD | ROCKET BODY | DEBRIS | UNKNOWN | OTHER
 *   primary_maneuverable?, …              YES | NO | N/A (default N/A)
 *   tca                                   ISO 8601 UTC, "2021-03-24T15:10:47.417Z" (read also
 *                                         without Z, or ending "+00:00" / "+00:00Z" as the spec allows)
 *   miss_distance_km, relative_velocity_km_s
 *   relative_position_rtn_km?, relative_velocity_rtn_km_s?
 *                                         [R, T, N] of the secondary relative to the primary, in the
 *                                         primary's RTN frame (computed from the states when absent)
 *   collision_probability?                0 … 1
 *   collision_probability_method?         e.g. FOSTER-1992
 *   max_collision_probability?            Alfano's maximum (SOCRATES)
 *   risk_level?                           critical | high | medium | low
 *   hard_body_radius_m?                   combined HBR used for the probabilities
 *   frame                                 TEME | EME2000 | GCRF: the inertial frame of both states
 *   primary_state, secondary_state        {"r_km": [x, y, z], "v_km_s": [vx, vy, vz]} at TCA
 *   primary_covariance_rtn, …             RTN covariance at TCA, 6×6 in m², m²/s, m²/s² (order R, T,
 *                                         N, Ṙ, Ṫ, Ṅ) or 3×3 position only in m²
 *   primary_covariance_method?, …         CALCULATED | DEFAULT (default DEFAULT: a covariance of
 *                                         unknown origin is not claimed to be calculated)
 *   message?                              {"originator", "message_id", "creation_date", "message_for"},
 *                                         all optional: the CDM header this conjunction came from or
 *                                         should carry
 */
import { CDM_OBJECT_TYPES, MANEUVERABLE_VALUES, type CdmObjectType, type CovarianceMethod, type Maneuverable, type Vector3 } from './cdm.ts';
import type { Conjunction, ConjunctionObject } from './conjunction.ts';
import type { InertialFrame } from './inertial-state.ts';
import type { RiskLevel } from '../probability/index.ts';
import { formatUtc, parseUtc } from '../time/iso-time.ts';
import type { UtcMs } from '../units.ts';

/** A conjunction JSON document that does not follow the schema; `path` names the field. */
export class ConjunctionJsonError extends Error {
  override name = 'ConjunctionJsonError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

export interface ConjunctionJsonMessage {
  readonly originator?: string;
  readonly messageId?: string;
  readonly creationDate?: UtcMs;
  readonly messageFor?: string;
}

export interface ConjunctionDocument {
  readonly conjunction: Conjunction;
  readonly message: ConjunctionJsonMessage;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function number(doc: Json, key: string, path = key): number {
  const value = doc[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ConjunctionJsonError(path, `expected a number, got ${JSON.stringify(value)}`);
  return value;
}

function optionalNumber(doc: Json, key: string): number | undefined {
  return doc[key] === undefined || doc[key] === null ? undefined : number(doc, key);
}

function text(doc: Json, key: string, path = key): string {
  const value = doc[key];
  if (typeof value !== 'string' || value.trim() === '') throw new ConjunctionJsonError(path, `expected a non-empty string, got ${JSON.stringify(value)}`);
  return value.trim();
}

function optionalText(doc: Json, key: string, path = key): string | undefined {
  return doc[key] === undefined || doc[key] === null ? undefined : text(doc, key, path);
}

function oneOf<T extends string>(doc: Json, key: string, values: readonly T[], fallback?: T): T | undefined {
  const value = doc[key];
  if (value === undefined || value === null) return fallback;
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : value;
  const match = values.find((v) => v.toUpperCase() === upper);
  if (match === undefined) throw new ConjunctionJsonError(key, `expected one of ${values.join(', ')}, got ${JSON.stringify(value)}`);
  return match;
}

function vector(value: unknown, path: string): Vector3 {
  if (!Array.isArray(value) || value.length !== 3 || !value.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw new ConjunctionJsonError(path, `expected three numbers, got ${JSON.stringify(value)}`);
  }
  return [value[0], value[1], value[2]] as Vector3;
}

function matrix(value: unknown, path: string): number[][] {
  const n = Array.isArray(value) ? value.length : 0;
  if ((n !== 3 && n !== 6) || !(value as unknown[]).every((row) => Array.isArray(row) && row.length === n && row.every((x) => typeof x === 'number' && Number.isFinite(x)))) {
    throw new ConjunctionJsonError(path, 'expected a 3×3 or 6×6 matrix of numbers (m², m²/s, m²/s²)');
  }
  return (value as number[][]).map((row) => [...row]);
}

/** "…Z", "…+00:00", "…+00:00Z" or no zone: all UTC. */
export function parseIsoUtc(value: string): UtcMs | undefined {
  return parseUtc(value.trim().replace(/\+00:?00Z?$/, ''));
}

/** ISO 8601 UTC with milliseconds and Z, as our API writes times. */
export function formatIsoUtc(t: UtcMs): string {
  return `${formatUtc(t, 3)}Z`;
}

function object(doc: Json, side: 'primary' | 'secondary'): ConjunctionObject {
  const norad = number(doc, `${side}_norad`);
  if (!Number.isInteger(norad) || norad < 0) throw new ConjunctionJsonError(`${side}_norad`, `expected a catalogue number, got ${norad}`);
  const state = doc[`${side}_state`];
  if (!isObject(state)) throw new ConjunctionJsonError(`${side}_state`, 'expected {"r_km": [x, y, z], "v_km_s": [vx, vy, vz]}');
  const cosparId = optionalText(doc, `${side}_cospar`);
  const objectType = oneOf<CdmObjectType>(doc, `${side}_object_type`, CDM_OBJECT_TYPES);
  return {
    norad,
    name: text(doc, `${side}_object`),
    ...(cosparId !== undefined ? { cosparId } : {}),
    ...(objectType !== undefined ? { objectType } : {}),
    maneuverable: oneOf<Maneuverable>(doc, `${side}_maneuverable`, MANEUVERABLE_VALUES, 'N/A')!,
    positionKm: vector(state.r_km, `${side}_state.r_km`),
    velocityKmPerS: vector(state.v_km_s, `${side}_state.v_km_s`),
    covarianceRtn: matrix(doc[`${side}_covariance_rtn`], `${side}_covariance_rtn`),
    covarianceMethod: oneOf<CovarianceMethod>(doc, `${side}_covariance_method`, ['CALCULATED', 'DEFAULT'], 'DEFAULT')!,
  };
}

/** A conjunction JSON document (already JSON.parse'd), or a ConjunctionJsonError naming the field. */
export function parseConjunctionJson(value: unknown): ConjunctionDocument {
  if (!isObject(value)) throw new ConjunctionJsonError('(document)', 'expected a JSON object');
  const doc = value;
  const tcaText = text(doc, 'tca');
  const tca = parseIsoUtc(tcaText);
  if (tca === undefined) throw new ConjunctionJsonError('tca', `'${tcaText}' is not an ISO 8601 UTC time such as 2021-03-24T15:10:47.417Z`);
  const missDistanceKm = number(doc, 'miss_distance_km');
  if (missDistanceKm < 0) throw new ConjunctionJsonError('miss_distance_km', 'must be ≥ 0');
  const probability = (key: string) => {
    const p = optionalNumber(doc, key);
    if (p !== undefined && !(p >= 0 && p <= 1)) throw new ConjunctionJsonError(key, `${p} is not a probability (0 … 1)`);
    return p;
  };
  const collisionProbability = probability('collision_probability');
  const maxCollisionProbability = probability('max_collision_probability');
  const hardBodyRadiusM = optionalNumber(doc, 'hard_body_radius_m');
  if (hardBodyRadiusM !== undefined && hardBodyRadiusM < 0) throw new ConjunctionJsonError('hard_body_radius_m', 'must be ≥ 0');
  const riskLevel = doc.risk_level === undefined || doc.risk_level === null ? undefined : oneOf(doc, 'risk_level', ['critical', 'high', 'medium', 'low'] as const);
  const method = optionalText(doc, 'collision_probability_method');
  const frame = oneOf<InertialFrame>(doc, 'frame', ['TEME', 'EME2000', 'GCRF']);
  if (frame === undefined) throw new ConjunctionJsonError('frame', 'expected TEME, EME2000 or GCRF (the inertial frame of both states)');
  const relativePosition = doc.relative_position_rtn_km === undefined ? undefined : vector(doc.relative_position_rtn_km, 'relative_position_rtn_km');
  const relativeVelocity = doc.relative_velocity_rtn_km_s === undefined ? undefined : vector(doc.relative_velocity_rtn_km_s, 'relative_velocity_rtn_km_s');

  const conjunction: Conjunction = {
    primary: object(doc, 'primary'),
    secondary: object(doc, 'secondary'),
    tca,
    frame,
    missDistanceKm,
    relativeSpeedKmPerS: number(doc, 'relative_velocity_km_s'),
    ...(relativePosition ? { relativePositionRtnKm: relativePosition } : {}),
    ...(relativeVelocity ? { relativeVelocityRtnKmPerS: relativeVelocity } : {}),
    ...(collisionProbability !== undefined ? { collisionProbability } : {}),
    ...(method !== undefined ? { collisionProbabilityMethod: method } : {}),
    ...(maxCollisionProbability !== undefined ? { maxCollisionProbability } : {}),
    ...(riskLevel !== undefined ? { riskLevel: riskLevel.toLowerCase() as RiskLevel } : {}),
    ...(hardBodyRadiusM !== undefined ? { hardBodyRadiusM } : {}),
  };

  const header = doc.message;
  if (header !== undefined && header !== null && !isObject(header)) throw new ConjunctionJsonError('message', 'expected an object');
  const h: Json = header ?? {};
  const creationText = optionalText(h, 'creation_date', 'message.creation_date');
  const creationDate = creationText === undefined ? undefined : parseIsoUtc(creationText);
  if (creationText !== undefined && creationDate === undefined) throw new ConjunctionJsonError('message.creation_date', `'${creationText}' is not an ISO 8601 UTC time`);
  const originator = optionalText(h, 'originator', 'message.originator');
  const messageId = optionalText(h, 'message_id', 'message.message_id');
  const messageFor = optionalText(h, 'message_for', 'message.message_for');
  const message: ConjunctionJsonMessage = {
    ...(originator !== undefined ? { originator } : {}),
    ...(messageId !== undefined ? { messageId } : {}),
    ...(creationDate !== undefined ? { creationDate } : {}),
    ...(messageFor !== undefined ? { messageFor } : {}),
  };
  return { conjunction, message };
}

/** The JSON document of a conjunction (the inverse of parseConjunctionJson). */
export function formatConjunctionJson(document: ConjunctionDocument): Record<string, unknown> {
  const { conjunction: c, message: m } = document;
  const side = (o: ConjunctionObject, name: 'primary' | 'secondary') => ({
    [`${name}_state`]: { r_km: [...o.positionKm], v_km_s: [...o.velocityKmPerS] },
    [`${name}_covariance_rtn`]: o.covarianceRtn.map((row) => [...row]),
    [`${name}_covariance_method`]: o.covarianceMethod,
  });
  const header = {
    ...(m.originator !== undefined ? { originator: m.originator } : {}),
    ...(m.messageId !== undefined ? { message_id: m.messageId } : {}),
    ...(m.creationDate !== undefined ? { creation_date: formatIsoUtc(m.creationDate) } : {}),
    ...(m.messageFor !== undefined ? { message_for: m.messageFor } : {}),
  };
  return {
    primary_object: c.primary.name,
    secondary_object: c.secondary.name,
    primary_norad: c.primary.norad,
    secondary_norad: c.secondary.norad,
    ...(c.primary.cosparId !== undefined ? { primary_cospar: c.primary.cosparId } : {}),
    ...(c.secondary.cosparId !== undefined ? { secondary_cospar: c.secondary.cosparId } : {}),
    ...(c.primary.objectType !== undefined ? { primary_object_type: c.primary.objectType } : {}),
    ...(c.secondary.objectType !== undefined ? { secondary_object_type: c.secondary.objectType } : {}),
    primary_maneuverable: c.primary.maneuverable ?? 'N/A',
    secondary_maneuverable: c.secondary.maneuverable ?? 'N/A',
    tca: formatIsoUtc(c.tca),
    miss_distance_km: c.missDistanceKm,
    relative_velocity_km_s: c.relativeSpeedKmPerS,
    ...(c.relativePositionRtnKm ? { relative_position_rtn_km: [...c.relativePositionRtnKm] } : {}),
    ...(c.relativeVelocityRtnKmPerS ? { relative_velocity_rtn_km_s: [...c.relativeVelocityRtnKmPerS] } : {}),
    ...(c.collisionProbability !== undefined ? { collision_probability: c.collisionProbability } : {}),
    ...(c.collisionProbabilityMethod !== undefined ? { collision_probability_method: c.collisionProbabilityMethod } : {}),
    ...(c.maxCollisionProbability !== undefined ? { max_collision_probability: c.maxCollisionProbability } : {}),
    ...(c.riskLevel !== undefined ? { risk_level: c.riskLevel } : {}),
    ...(c.hardBodyRadiusM !== undefined ? { hard_body_radius_m: c.hardBodyRadiusM } : {}),
    frame: c.frame,
    ...side(c.primary, 'primary'),
    ...side(c.secondary, 'secondary'),
    ...(Object.keys(header).length > 0 ? { message: header } : {}),
  };
}
