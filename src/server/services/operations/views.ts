/**
 * What the operations engine stores with each conjunction event (`details`) and how stored rows
 * become the API's shapes (src/contracts/operations.ts): conjunctions, events, manoeuvres, and the
 * Conjunction Analysis card's points.
 */
import type { AnalysisPoint as AnalysisPointSchema, Conjunction, Maneuver, OperationsEvent, EventType, ManeuverDirection, ManeuverType } from '../../../contracts/operations.ts';
import type { ObjectType } from '../../../core/catalog/index.ts';
import { ellipsoidAltitude } from '../../../core/frames/index.ts';
import { orbitSummary } from '../../../core/orbit/index.ts';
import { defaultCovarianceRtn, oneInN, pc2d, type MaximumPcKind, rtnToInertial, type PcViolation, type RtnSigmasM, type Vector3 } from '../../../core/probability/index.ts';
import type { EphemerisTrack, ScreeningConjunction } from '../../screening/run-screening.ts';
import { temePosition } from '../../../core/units.ts';
import type { ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import type { ManeuverRow } from '../../repositories/maneuver-repository.ts';
import type { OperationsEventRow } from '../../repositories/operations-event-repository.ts';
import type { CatalogEntry } from '../catalog-service.ts';
import type { z } from 'zod';

type AnalysisPoint = z.infer<typeof AnalysisPointSchema>;
type Xyz = [number, number, number];

/** An object of a stored event as it was when screened. */
export interface EventObjectDetails {
  name: string;
  objectType: ObjectType;
  owner: string | null;
  cosparId: string | null;
  /** TEME state at TCA, km and km/s. */
  r: Xyz;
  v: Xyz;
  /** The default covariance model's RTN sigmas at TCA, m (null when Pc came from elsewhere or failed). */
  sigmasM: RtnSigmasM | null;
  /** The element set's mean orbit, for the covariance model. */
  orbit: { perigeeAltitudeKm: number; apogeeAltitudeKm: number; eccentricity: number; inclinationDeg: number };
  /** Epoch of the element set screened, ms. */
  epochMs: number;
}

/** `conjunction_events.details`: everything of an estimate that has no column. */
export interface EventDetails {
  /** TCA to the screener's resolution, ms (the column keeps microseconds). */
  tcaMs: number;
  hbrM: number;
  /** Where the HBR came from: 'object types' (screening), 'message' or 'default' (imported CDMs). */
  hbrSource?: string;
  covariance: string;
  /** The usage-violation findings behind the chosen Pc, and why a method could not run. */
  violations?: PcViolation[];
  pcNote?: string | null;
  /** Hall 2D-Nc, where computed (absent on rows from before 2D-Nc joined the method choice). */
  nc2d?: number | null;
  /** No method gave a Pc (the `pc` column then holds 0). */
  pcUndefined?: boolean;
  /** How the `max_pc` column's maximum was found (absent on rows from before issue 27: the assumed shape). */
  maxPcKind?: MaximumPcKind;
  /** Combined 1-sigma encounter-plane uncertainty, m. */
  sigmaM: number | null;
  primary: EventObjectDetails;
  secondary: EventObjectDetails;
  /** The primary was screened on an operator ephemeris (issue 28); absent: on its element set. */
  primaryTrack?: EphemerisTrack;
}

const xyz = (v: readonly number[]): Xyz => [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0];
const toM = (v: Xyz): Vector3 => [v[0] * 1000, v[1] * 1000, v[2] * 1000];

function objectDetails(entry: CatalogEntry | undefined, name: string, state: { r: readonly number[]; v: readonly number[] }, sigmas: RtnSigmasM | undefined): EventObjectDetails {
  const orbit = entry ? orbitSummary(entry.set) : undefined;
  return {
    name: entry?.object.name ?? name,
    objectType: entry?.object.objectType ?? 'unknown',
    owner: entry?.object.owner ?? null,
    cosparId: entry?.object.cosparId ?? null,
    r: xyz(state.r),
    v: xyz(state.v),
    sigmasM: sigmas ?? null,
    orbit: {
      perigeeAltitudeKm: orbit?.perigeeAltitude ?? 0,
      apogeeAltitudeKm: orbit?.apogeeAltitude ?? 0,
      eccentricity: entry?.set.eccentricity ?? 0,
      inclinationDeg: entry?.set.inclination ?? 0,
    },
    epochMs: entry?.set.epoch ?? 0,
  };
}

/**
 * Pc and the combined 1-sigma encounter-plane uncertainty of one geometry: sigma = √(σ_major·σ_minor)
 * of the projected combined covariance (the radius of the circle of the same area as its
 * 1-sigma ellipse). Null when the probability code cannot use the input.
 */
export function encounter(primary: { r: Xyz; v: Xyz; sigmasM: RtnSigmasM }, secondary: { r: Xyz; v: Xyz; sigmasM: RtnSigmasM }, hbrM: number): { pc: number; sigmaM: number } | null {
  try {
    const r1 = toM(primary.r);
    const v1 = toM(primary.v);
    const r2 = toM(secondary.r);
    const v2 = toM(secondary.v);
    const result = pc2d({ r1M: r1, v1MPerS: v1, cov1M2: rtnToInertial(primary.sigmasM, r1, v1), r2M: r2, v2MPerS: v2, cov2M2: rtnToInertial(secondary.sigmasM, r2, v2), hbrM });
    if (result.pc === null) return null;
    return { pc: result.pc, sigmaM: Math.sqrt(result.sigmaMajorM * result.sigmaMinorM) };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The details of a screened conjunction, with the catalogue entries of both objects. */
export function detailsOf(c: ScreeningConjunction, primary: CatalogEntry | undefined, secondary: CatalogEntry | undefined): EventDetails {
  const a = c.approach;
  const p = objectDetails(primary, c.primaryName, a.primaryState, c.risk.primarySigmasM);
  const s = objectDetails(secondary, c.secondaryName, a.secondaryState, c.risk.secondarySigmasM);
  const sigmaM = p.sigmasM && s.sigmasM ? (encounter({ ...p, sigmasM: p.sigmasM }, { ...s, sigmasM: s.sigmasM }, c.risk.hbrM)?.sigmaM ?? null) : null;
  return {
    tcaMs: a.tca,
    hbrM: c.risk.hbrM,
    hbrSource: 'object types',
    covariance: c.risk.covariance,
    violations: [...c.risk.violations],
    pcNote: c.risk.pcNote,
    nc2d: c.risk.nc2d,
    pcUndefined: c.risk.pc === null,
    maxPcKind: c.risk.maxPcKind,
    sigmaM,
    primary: p,
    secondary: s,
    ...(c.primaryTrack ? { primaryTrack: c.primaryTrack } : {}),
  };
}

/** Hours before TCA of the analysis card's projection points. */
export const PROJECTION_HOURS = [-24, -12, -6, 0] as const;

/**
 * The projection points of an event: Pc with the default covariance model as if both objects were
 * re-tracked `h` hours before TCA (element-set age at TCA = |h|), same encounter geometry.
 */
export function projectionPoints(details: EventDetails, missKm: number): AnalysisPoint[] {
  return PROJECTION_HOURS.map((h) => {
    const sigmas = (o: EventObjectDetails): RtnSigmasM | null => {
      try {
        return defaultCovarianceRtn({ ...o.orbit, objectType: o.objectType, ageDays: Math.abs(h) / 24 }).sigmas;
      } catch (error) {
        if (error instanceof RangeError) return null;
        throw error;
      }
    };
    const s1 = sigmas(details.primary);
    const s2 = sigmas(details.secondary);
    const result = s1 && s2 ? encounter({ ...details.primary, sigmasM: s1 }, { ...details.secondary, sigmasM: s2 }, details.hbrM) : null;
    return { hoursToTca: h, probability: result?.pc ?? null, missDistance: missKm * 1000, sigma: result?.sigmaM ?? null, kind: 'projection' as const };
  });
}

/** Height above the WGS-84 ellipsoid at TCA, km, from a stored TEME state. */
export function altitudeKm(r: Xyz): number | null {
  const h = ellipsoidAltitude(temePosition(r[0], r[1], r[2]));
  return Number.isFinite(h) ? h : null;
}

const iso = (d: Date) => d.toISOString();

export function isEventDetails(value: unknown): value is EventDetails {
  return typeof value === 'object' && value !== null && 'primary' in value && 'secondary' in value && 'hbrM' in value;
}

/** The API's Conjunction of a stored event; names and types from the catalogue when it knows the objects, else as stored. */
export function conjunctionOf(row: ConjunctionEventRow, lookup: (norad: number) => CatalogEntry | undefined): Conjunction {
  const details = isEventDetails(row.details) ? row.details : undefined;
  const object = (norad: number, stored: EventObjectDetails | undefined) => {
    const entry = lookup(norad);
    return {
      noradId: norad,
      name: entry?.object.name ?? stored?.name ?? `NORAD ${norad}`,
      objectType: entry?.object.objectType ?? stored?.objectType ?? 'unknown',
      owner: entry?.object.owner ?? stored?.owner ?? null,
    };
  };
  return {
    id: row.id,
    conjunctionId: row.conjunctionId,
    riskLevel: row.riskLevel as Conjunction['riskLevel'],
    status: row.status === 'closed' ? 'closed' : 'open',
    primaryObject: object(row.primaryNorad, details?.primary),
    secondaryObject: object(row.secondaryNorad, details?.secondary),
    tca: iso(row.tca),
    missDistance: row.missKm * 1000,
    radial: row.radialKm * 1000,
    inTrack: row.inTrackKm * 1000,
    crossTrack: row.crossTrackKm * 1000,
    relativeVelocity: row.relativeVelocityKmS,
    collisionProbability: row.pc,
    maxCollisionProbability: row.maxPc,
    probability: oneInN(Math.min(1, Math.max(0, row.pc))),
    firstDetected: iso(row.firstDetected),
    lastUpdated: iso(row.lastUpdated),
    cdmUrl: row.cdmKvn ? `/api/conjunctions/cdm/${encodeURIComponent(row.conjunctionId)}` : null,
  };
}

const RISK_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** Open conjunctions as the dashboard lists them: highest risk first, then earliest TCA. */
export function compareConjunctions(a: Conjunction, b: Conjunction): number {
  return (RISK_RANK[a.riskLevel] ?? 4) - (RISK_RANK[b.riskLevel] ?? 4) || Date.parse(a.tca) - Date.parse(b.tca) || a.id - b.id;
}

export function eventOf(row: OperationsEventRow): OperationsEvent {
  return {
    id: row.id,
    eventType: row.eventType as EventType,
    timestamp: iso(row.timestamp),
    description: row.description,
    conjunctionId: row.conjunctionId,
    noradId: row.noradId,
  };
}

export function maneuverOf(row: ManeuverRow, name: string): Maneuver {
  return {
    id: row.id,
    satelliteId: row.noradId,
    satelliteName: name,
    maneuverType: row.maneuverType as ManeuverType,
    direction: row.direction as ManeuverDirection,
    deltaV: row.deltaV,
    maneuverTime: iso(row.maneuverTime),
    detectionTime: iso(row.detectionTime),
    confidence: Math.min(1, Math.max(0, row.confidence)),
  };
}
