import { z } from 'zod';
import { RiskLevel } from './conjunctions.ts';

/**
 * The operations picture (product spec §3 and §7, DECISIONS.md §5 and §7): what
 * the SDA Dashboard polls. Everything here is computed by the server from the
 * catalogue (continuous screening, manoeuvre detection, threat assessment);
 * nothing is generated on the client.
 */

const isoUtc = (what: string) => z.string().describe(`${what}, ISO 8601 UTC`);

export const ThreatLevel = z.enum(['critical', 'high', 'medium', 'low']);
export type ThreatLevel = z.infer<typeof ThreatLevel>;
export const Classification = z.enum(['cooperative', 'non_cooperative', 'adversary', 'other']);
export type Classification = z.infer<typeof Classification>;
export const Priority = z.enum(['critical', 'high', 'medium', 'low']);
export type Priority = z.infer<typeof Priority>;
export const EventType = z.enum(['cdm_generated', 'maneuver_detected', 'radar_update', 'launch_detected', 'alert_updated', 'proximity_detected']);
export type EventType = z.infer<typeof EventType>;
export const ManeuverType = z.enum(['orbit_raising', 'orbit_lowering', 'plane_change', 'attitude_adjustment', 'other']);
export type ManeuverType = z.infer<typeof ManeuverType>;
export const ManeuverDirection = z.enum(['prograde', 'retrograde', 'other']);
export type ManeuverDirection = z.infer<typeof ManeuverDirection>;
export const TrackingStatus = z.enum(['on-track', 'delayed', 'overdue']);
export type TrackingStatus = z.infer<typeof TrackingStatus>;

/** An object of a conjunction as the dashboard names it. */
export const ConjunctionObject = z.object({
  noradId: z.number().int(),
  name: z.string(),
  objectType: z.string().describe('payload | rocket_body | debris | unknown'),
  owner: z.string().nullable().describe('SATCAT owner code'),
});

/**
 * A stored conjunction event (product spec §3 "Conjunction (dashboard)"): one
 * close approach of a fleet satellite found by continuous screening, kept up to
 * date by every screening run until its TCA passes.
 */
export const Conjunction = z
  .object({
    id: z.number().int(),
    conjunctionId: z.string().describe('CNJ-{year of TCA}-{sequence, at least 3 digits}, e.g. CNJ-2026-042'),
    riskLevel: RiskLevel,
    status: z.enum(['open', 'closed']).describe('open until TCA passes (or the approach is no longer found)'),
    primaryObject: ConjunctionObject,
    secondaryObject: ConjunctionObject,
    tca: isoUtc('Time of closest approach'),
    missDistance: z.number().describe('Miss distance, metres'),
    radial: z.number().describe("Miss vector's radial component in the primary's RTN frame, metres"),
    inTrack: z.number().describe('In-track component, metres'),
    crossTrack: z.number().describe('Cross-track component, metres'),
    relativeVelocity: z.number().describe('Relative speed at TCA, km/s'),
    collisionProbability: z.number().describe('2D Pc (Foster), fraction'),
    maxCollisionProbability: z.number().describe("Alfano's maximum Pc, fraction"),
    probability: z
      .number()
      .describe('N of "1:N" = round(1/Pc), always finite: the Pc is floored at 1e-30 (core probability ONE_IN_N_PC_FLOOR), so N ≤ 1e30; 1e30 is shown as "< 1:1e30"'),
    firstDetected: isoUtc('When screening first found this approach'),
    lastUpdated: isoUtc('When a screening run last changed its estimate'),
    cdmUrl: z.string().nullable().describe('CCSDS CDM of the event, once it crossed the alert threshold'),
  })
  .meta({ id: 'Conjunction' });
export type Conjunction = z.infer<typeof Conjunction>;
export const ActiveConjunctionsResponse = z.array(Conjunction).meta({ id: 'ActiveConjunctionsResponse' });

/** An operations event (DECISIONS.md §7), newest first. */
export const OperationsEvent = z
  .object({
    id: z.number().int(),
    eventType: EventType,
    timestamp: isoUtc('When it happened'),
    description: z.string(),
    conjunctionId: z.string().nullable(),
    noradId: z.number().int().nullable(),
  })
  .meta({ id: 'OperationsEvent' });
export type OperationsEvent = z.infer<typeof OperationsEvent>;
export const EventsResponse = z.array(OperationsEvent).meta({ id: 'EventsResponse' });

/** Dashboard stats (DECISIONS.md §7): counts over the stored operations data. */
export const DashboardStats = z
  .object({
    activeAlerts: z.number().int().describe('Open conjunctions at high or critical risk'),
    maneuverDetections: z.number().int().describe('Manoeuvres detected in the last 30 days'),
    highInterestObjects: z.number().int(),
    threatLevel: z.object({ critical: z.number().int(), high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
    trackedObjects: z.number().int().describe('Catalogue size'),
    dailyScreens: z.number().int().describe('Object pairs screened in the last 24 hours: the fleet screening runs (fleet × catalogue) and catalogue-wide runs (N(N−1)/2 each)'),
    lastScreening: isoUtc('End of the last completed screening run').nullable(),
    screeningStatus: z.enum(['idle', 'running', 'failed']).describe('State of the continuous screening'),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof DashboardStats>;

/** A manoeuvre detected in an object's element-set history (DECISIONS.md §7). */
export const Maneuver = z
  .object({
    id: z.number().int(),
    satelliteId: z.number().int().describe('NORAD catalogue number'),
    satelliteName: z.string(),
    maneuverType: ManeuverType,
    direction: ManeuverDirection,
    deltaV: z.number().describe('Estimated impulse, m/s'),
    maneuverTime: isoUtc('Estimated time of the burn'),
    detectionTime: isoUtc('Epoch of the first element set that shows the change'),
    confidence: z.number().min(0).max(1).describe('From the jump size relative to the regime noise, 0-1'),
  })
  .meta({ id: 'Maneuver' });
export type Maneuver = z.infer<typeof Maneuver>;
export const RecentManeuversResponse = z.array(Maneuver).meta({ id: 'RecentManeuversResponse' });

/** Threat summary (product spec §3), counts over the whole catalogue. */
export const ThreatSummary = z
  .object({
    totalObjects: z.number().int(),
    cooperativeObjects: z.number().int(),
    nonCooperativeObjects: z.number().int(),
    unknownObjects: z.number().int(),
    adversaryObjects: z.number().int(),
    recentManeuvers: z.number().int().describe('Objects with a manoeuvre in the last 30 days'),
    anomalousObjects: z.number().int().describe('Objects whose anomaly score is 0.5 or more'),
  })
  .meta({ id: 'ThreatSummary' });
export type ThreatSummary = z.infer<typeof ThreatSummary>;

export const ThreatAssessment = z
  .object({
    id: z.number().int(),
    satelliteId: z.number().int().describe('NORAD catalogue number'),
    satelliteName: z.string(),
    owner: z.string().nullable(),
    threatLevel: ThreatLevel,
    classification: Classification,
    assessmentReason: z.string(),
    anomalyScore: z.number().min(0).max(1),
    assessedAt: isoUtc('When this assessment was computed'),
  })
  .meta({ id: 'ThreatAssessment' });
export type ThreatAssessment = z.infer<typeof ThreatAssessment>;
export const ThreatAssessmentsResponse = z.array(ThreatAssessment).meta({ id: 'ThreatAssessmentsResponse' });

/** A high-interest object (product spec §3) with its derived tracking status (§4). */
export const HighInterestObject = z
  .object({
    id: z.number().int(),
    satelliteId: z.number().int().describe('NORAD catalogue number of a catalogue object'),
    satelliteName: z.string(),
    priority: Priority,
    reason: z.string(),
    specialInstructions: z.string().nullable().optional(),
    addedBy: z.string(),
    addedDate: isoUtc('When it was added'),
    lastObservation: isoUtc('Epoch of the newest element set of the object').nullable(),
    trackingFrequency: z.number().describe('Minutes between expected observations'),
    trackingStatus: TrackingStatus.describe("minutes since lastObservation ≤ 1.5× trackingFrequency: on-track; ≤ 3×: delayed; beyond: overdue"),
  })
  .meta({ id: 'HighInterestObject' });
export type HighInterestObject = z.infer<typeof HighInterestObject>;
export const HighInterestObjectsResponse = z.array(HighInterestObject).meta({ id: 'HighInterestObjectsResponse' });

const hioFields = {
  // Past PostgreSQL's integer no catalogue number can exist: a 400 rather than the database's overflow.
  satelliteId: z.coerce.number().int().positive().max(2147483647).describe('NORAD catalogue number of a catalogue object'),
  priority: Priority,
  reason: z.string().trim().min(1).max(500),
  specialInstructions: z.string().trim().max(2000).nullable().optional(),
  // Minutes; at most a year (525,600 minutes) between expected observations.
  trackingFrequency: z.number().positive().max(525_600).describe('Minutes between expected observations, above 0, at most 525600 (a year)'),
  addedBy: z.string().trim().min(1).max(100).optional().describe('Defaults to the operator label'),
};
export const CreateHighInterestObject = z.object(hioFields).strict().meta({ id: 'CreateHighInterestObject' });
export type CreateHighInterestObject = z.infer<typeof CreateHighInterestObject>;
export const UpdateHighInterestObject = z
  .object(hioFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'at least one field')
  .meta({ id: 'UpdateHighInterestObject' });
export type UpdateHighInterestObject = z.infer<typeof UpdateHighInterestObject>;
// An id past PostgreSQL's integer range cannot exist: a 400 rather than the database's overflow error.
export const HighInterestObjectParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** A space object panel of the Conjunction Analysis card (product spec §3). */
export const SpaceObjectPanel = z.object({
  noradId: z.number().int(),
  name: z.string(),
  cosparId: z.string().nullable(),
  mass: z.number().nullable().describe('kg, when known'),
  rcs: z.string().nullable().describe('Radar cross-section: m² when known, else the SATCAT size class'),
  altitude: z.number().nullable().describe('Height above the WGS-84 ellipsoid at TCA, km'),
  objectType: z.string(),
});

/** One point of the analysis chart, at a time relative to TCA. */
export const AnalysisPoint = z.object({
  hoursToTca: z.number().describe('Hours relative to TCA (negative: before)'),
  probability: z.number().nullable().describe('Pc as assessed at that time, fraction'),
  missDistance: z.number().nullable().describe('Miss distance, metres'),
  sigma: z.number().nullable().describe('Combined 1-sigma position uncertainty in the encounter plane, metres'),
  kind: z.enum(['history', 'projection']).describe('history: a stored screening estimate; projection: the default covariance model if tracking continues'),
});

/** The Conjunction Analysis card's fixed id (product spec §2, §7). */
export const DEFAULT_ANALYSIS_ID = 'CNJ-2024-001';

export const AnalyzeConjunctionRequest = z.object({ conjunctionId: z.string().trim().min(1).max(64) }).strict().meta({ id: 'AnalyzeConjunctionRequest' });
export const ConjunctionAnalysis = z
  .object({
    requestedId: z.string(),
    conjunctionId: z.string().describe("The stored event analysed: the requested one, or, for the card's default id when no event has it, the open event of highest risk"),
    conjunction: Conjunction,
    primaryObject: SpaceObjectPanel,
    secondaryObject: SpaceObjectPanel,
    points: z.array(AnalysisPoint),
  })
  .meta({ id: 'ConjunctionAnalysis' });
export type ConjunctionAnalysis = z.infer<typeof ConjunctionAnalysis>;

/**
 * An item of the Adversary Conjunction Risk and Space Debris Collision
 * Assessment cards (product spec §3 "Generated conjunction items"), computed by
 * the server from real screened approaches and scored with the spec's constants (§9).
 */
export const RiskItem = z
  .object({
    id: z.string(),
    israeliSatellite: z.string(),
    israeliNoradId: z.number().int().nullable().describe("The fleet satellite's NORAD id (null: an approach stored without it)"),
    objectName: z.string().describe('The adversary satellite or the debris object'),
    noradId: z.number().int(),
    time: isoUtc('Time of closest approach'),
    minimumDistance: z.number().describe('Miss distance, km'),
    risk: z.number().describe('Risk score, percent (capped at 89 for adversaries, 95 for debris)'),
    threatLevel: ThreatLevel,
    relativeVelocity: z.number().describe('km/s'),
    dayFromNow: z.number().int().describe('Whole days from now to TCA'),
    type: z.string().describe('Adversary: mission type. Debris: rocket_body, fragment, defunct_satellite or mission_debris'),
  })
  .meta({ id: 'RiskItem' });
export type RiskItem = z.infer<typeof RiskItem>;
export const RiskItemsResponse = z.array(RiskItem).meta({ id: 'RiskItemsResponse' });
