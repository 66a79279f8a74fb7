import { z } from 'zod';
import { RiskLevel } from './conjunctions.ts';
import { isoInstant } from './time.ts';

/**
 * Conjunction events as an operator works them (issue 11): the list and detail behind the
 * Conjunction Alerts screen, CDM ingestion, and the proximities screening keeps apart from
 * conjunctions. Every event, whether found by our screening or brought by an imported CDM, carries
 * the 2D Pc, the 3D Pc where it was computed, the method chosen as NASA CARA's PcMultiStep chooses
 * and the usage violations that decided it; `collisionProbability` is the chosen value and
 * `riskLevel` follows from it (DECISIONS.md §5).
 */

const isoUtc = (what: string) => z.string().describe(`${what}, ISO 8601 UTC`);
/** Text PostgreSQL can store: no NUL characters. */
const noNul = (s: string) => !s.includes('\u0000');

export const PcMethod = z
  .enum(['pc2d', 'nc2d-upper-limit', 'nc2d', 'pc3d', 'sdmc'])
  .describe('pc2d: Foster 2D; nc2d-upper-limit: the 2D-Nc upper limit (Hall 2023) where no method can matter; nc2d: Hall 2D-Nc where the 2D method is flagged and 2D-Nc passes its own tests; pc3d: Hall 3D-Nc; sdmc: two-body Monte Carlo (after CARA SDMC) where 3D-Nc failed its own usage tests');
export type PcMethod = z.infer<typeof PcMethod>;

export const PcViolation = z
  .object({
    method: z.enum(['2D-Pc', '2D-Nc', '3D-Nc']).describe('The method the finding is about'),
    kind: z.enum(['extended', 'offset', 'inaccurate', 'npd', 'unconverged', 'covariance', 'sphere-points']),
    value: z.number().nullable().describe('The indicator’s value (fraction), when a number'),
    limit: z.number().nullable().describe('The cut-off it exceeded'),
    message: z.string().describe('The finding in plain words'),
  })
  .meta({ id: 'PcViolation' });
export type PcViolation = z.infer<typeof PcViolation>;

/** Where an event's estimate came from: our screening, or the ORIGINATOR of an imported CDM (CARA, CSpOC, …). */
export const ConjunctionSource = z.string().describe("'screening' or the originator of an imported CDM");

export const EventObject = z.object({
  noradId: z.number().int(),
  name: z.string(),
  cosparId: z.string().nullable(),
  objectType: z.string().describe('payload | rocket_body | debris | unknown'),
  owner: z.string().nullable().describe('SATCAT owner code'),
});
export type EventObject = z.infer<typeof EventObject>;

/**
 * The alert lifecycle (issue 29): where an operator stands with an event. `new` until someone
 * acknowledges it; `assessing` while it is studied; then a decision (`mitigating`: a manoeuvre is
 * planned, `risk_accepted`, `false_alarm`); `closed` at the end (by an operator, when the TCA passed,
 * or when screening no longer finds it). `status` (open/closed) stays as the spec's lists read it:
 * an event is closed exactly when its alert status is `closed`.
 */
export const ALERT_STATUSES = ['new', 'acknowledged', 'assessing', 'mitigating', 'risk_accepted', 'false_alarm', 'closed'] as const;
export const AlertStatus = z.enum(ALERT_STATUSES).describe('new → acknowledged → assessing → mitigating | risk_accepted | false_alarm → closed');
export type AlertStatus = z.infer<typeof AlertStatus>;

/** One row of the Conjunction Alerts table. */
export const ConjunctionListItem = z
  .object({
    conjunctionId: z.string().describe('CNJ-{year of TCA}-{sequence}'),
    status: z.enum(['open', 'closed']),
    alertStatus: AlertStatus,
    assignee: z.string().nullable().describe('The user the alert is assigned to (username), or null'),
    source: ConjunctionSource,
    tca: isoUtc('Time of closest approach'),
    primaryObject: EventObject,
    secondaryObject: EventObject,
    missDistance: z.number().describe('Miss distance, metres'),
    radial: z.number().nullable().describe("Radial component of the miss vector in the primary's RTN frame, metres (null: the message carried no states)"),
    inTrack: z.number().nullable().describe('In-track component, metres'),
    crossTrack: z.number().nullable().describe('Cross-track component, metres'),
    relativeVelocity: z.number().nullable().describe('Relative speed at TCA, km/s (null: not given)'),
    collisionProbability: z.number().nullable().describe('The chosen Pc (see pcMethod), fraction; null when no method could give one'),
    pcMethod: PcMethod,
    riskLevel: RiskLevel,
    lastUpdated: isoUtc('When the estimate last changed'),
  })
  .meta({ id: 'ConjunctionListItem' });
export type ConjunctionListItem = z.infer<typeof ConjunctionListItem>;

export const CONJUNCTION_SORT_FIELDS = ['tca', 'primary', 'secondary', 'miss', 'radial', 'inTrack', 'crossTrack', 'relativeVelocity', 'pc', 'risk', 'source', 'lastUpdated', 'alertStatus', 'assignee'] as const;

/**
 * Longest ORIGINATOR and MESSAGE_ID a CDM may have to be imported (CCSDS 508.0-B-1 sets no limit).
 * Both go into one unique btree index, whose entries PostgreSQL limits to about 2.7 kB; 2 × 255
 * UTF-16 units is at most 1.5 kB of UTF-8. Real ones are short ('CARA', 'CSpOC', ids of tens of
 * characters). An event's `source` is its originator, so the list's filter takes as much.
 */
export const MAX_CDM_HEADER_FIELD = 255;

/** Largest integer id a path takes: ids are PostgreSQL `integer` columns (a larger one is a 400, not a database error). */
const MAX_INT_ID = 2_147_483_647;

/** Largest page of the list. */
export const MAX_CONJUNCTION_PAGE = 5000;

export const ConjunctionListQuery = z
  .object({
    status: z.enum(['open', 'closed', 'all']).default('open'),
    source: z.string().trim().min(1).max(MAX_CDM_HEADER_FIELD).refine(noNul, 'must not contain NUL characters').optional().describe("'screening' or a CDM originator"),
    alertStatus: z
      .string()
      .regex(new RegExp(`^(${ALERT_STATUSES.join('|')})(,(${ALERT_STATUSES.join('|')}))*$`), `alertStatus must be ${ALERT_STATUSES.join(', ')}, comma-separated`)
      .optional()
      .describe('Alert statuses, comma-separated (combined with status: status=all to see closed ones)'),
    assignee: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine(noNul, 'must not contain NUL characters')
      .optional()
      .describe("A username, or '-' for alerts assigned to nobody"),
    risk: z
      .string()
      .regex(/^(critical|high|medium|low)(,(critical|high|medium|low))*$/, 'risk must be critical, high, medium or low, comma-separated')
      .optional()
      .describe('Risk levels, comma-separated'),
    q: z.string().trim().max(100).refine(noNul, 'must not contain NUL characters').optional().describe('Object name, NORAD id, COSPAR id or owner code (either object)'),
    tcaFrom: isoInstant().optional().describe('TCA at or after, ISO 8601'),
    tcaTo: isoInstant().optional().describe('TCA at or before, ISO 8601'),
    sort: z
      .string()
      .regex(new RegExp(`^-?(${CONJUNCTION_SORT_FIELDS.join('|')})$`), `sort must be one of ${CONJUNCTION_SORT_FIELDS.join(', ')}, with - for descending`)
      .default('tca')
      .describe(`${CONJUNCTION_SORT_FIELDS.join(' | ')}; prefix - for descending`),
    limit: z.coerce.number().int().min(1).max(MAX_CONJUNCTION_PAGE).default(100),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .strict();
export type ConjunctionListQuery = z.infer<typeof ConjunctionListQuery>;

export const ConjunctionListResponse = z
  .object({
    total: z.number().int().describe('Events matching the filters'),
    items: z.array(ConjunctionListItem),
  })
  .meta({ id: 'ConjunctionListResponse' });
export type ConjunctionListResponse = z.infer<typeof ConjunctionListResponse>;

/** An object of the detail view: identity and the basis of its estimate. */
export const EventObjectDetail = EventObject.extend({
  elementSetEpoch: isoUtc('Epoch of the state the estimate used (element set, or the CDM’s OD epoch)').nullable(),
  covarianceSource: z.string().describe('Where the covariance came from'),
  trajectory: z
    .object({
      source: z.enum(['element_set', 'ephemeris', 'cdm']).describe("element_set: the object's element set (SGP4); ephemeris: an operator ephemeris that covered the screening window (issue 28); cdm: the state the imported CDM gives"),
      ephemerisId: z.number().int().nullable().describe('The operator ephemeris (GET /api/ephemerides/{id}), where source is ephemeris'),
      description: z.string(),
    })
    .describe('Which trajectory the estimate used for this object'),
  sigmas: z
    .object({ radial: z.number(), inTrack: z.number(), crossTrack: z.number() })
    .nullable()
    .describe('1-sigma position uncertainty at TCA in the object’s RTN frame, metres'),
});
export type EventObjectDetail = z.infer<typeof EventObjectDetail>;

/** One estimate of the event's history. */
export const ConjunctionEstimate = z.object({
  at: isoUtc('When the estimate was made (screening run or CDM creation)'),
  tca: isoUtc('Its TCA'),
  missDistance: z.number().describe('metres'),
  collisionProbability: z.number().nullable(),
  pcMethod: PcMethod.nullable(),
  riskLevel: RiskLevel,
  source: ConjunctionSource,
});
export type ConjunctionEstimate = z.infer<typeof ConjunctionEstimate>;

/**
 * One entry of an event's log (issue 28): what happened to the event, when and who did it. Built
 * from what is stored with the event (its row, estimate history and avoidance plans); a later
 * issue adds the operators' alert actions (acknowledged, assigned, …) as further kinds.
 */
export const ConjunctionLogKind = z
  .enum(['detected', 'estimate', 'plan_requested', 'plan_screened', 'plan_failed', 'plan_chosen', 'plan_discarded', 'closed', 'status', 'assigned', 'comment', 'reopened', 'risk_raised'])
  .describe(
    'detected: first stored; estimate: a new estimate (screening run or CDM); plan_*: an avoidance plan made, screened, failed, chosen or discarded; closed: the event was closed; ' +
      'status: an operator moved the alert (fromStatus → toStatus); assigned: given to a user (or to nobody); comment: a note alone; reopened: a closed alert opened again (text says why); risk_raised: a new estimate raised the risk level',
  );
export type ConjunctionLogKind = z.infer<typeof ConjunctionLogKind>;

export const ConjunctionLogEntry = z
  .object({
    at: isoUtc('When it happened'),
    kind: ConjunctionLogKind,
    actor: z.string().nullable().describe('Who did it; null for the system (screening, CDM import, plan screening)'),
    text: z.string().describe('What happened, in plain words'),
    planId: z.number().int().nullable().describe('The avoidance plan the entry is about (GET /api/conjunctions/{id}/plans), for plan_* kinds'),
    fromStatus: AlertStatus.nullable().optional().describe('status, reopened and closed entries: the alert status before'),
    toStatus: AlertStatus.nullable().optional().describe('status, reopened and closed entries: the alert status after'),
    comment: z.string().nullable().optional().describe("The operator's comment or assignment note, as written"),
  })
  .meta({ id: 'ConjunctionLogEntry' });
export type ConjunctionLogEntry = z.infer<typeof ConjunctionLogEntry>;

/** A stored CDM of the event. */
export const CdmLink = z.object({
  id: z.number().int(),
  messageId: z.string(),
  originator: z.string(),
  creationDate: isoUtc('CREATION_DATE'),
  importedAt: isoUtc('When it was imported'),
  format: z.enum(['kvn', 'xml', 'json']).describe('The form it arrived in'),
  url: z.string().describe('The message as it was received'),
});
export type CdmLink = z.infer<typeof CdmLink>;

/**
 * The encounter plane at TCA, to scale (metres): the projected miss vector, the combined
 * covariance ellipse (1-sigma semi-axes, angle from the plane's x axis) and the hard-body circle.
 * x: in the plane, normal to the relative velocity and the miss vector's out-of-plane part; z:
 * along (r × v); as tests/reference/pc/README.md.
 */
export const EncounterPlaneView = z.object({
  missX: z.number(),
  missZ: z.number(),
  sigmaMajor: z.number(),
  sigmaMinor: z.number(),
  angle: z.number().describe('Angle of the major axis from x, radians'),
  hardBodyRadius: z.number(),
});
export type EncounterPlaneView = z.infer<typeof EncounterPlaneView>;

/** One object's orbit determination as the CDM states it (CCSDS 508.0-B-1 OD parameters); null where the message omits a field. */
export const CdmOdQuality = z.object({
  obsAvailable: z.number().nullable().describe('OBS_AVAILABLE'),
  obsUsed: z.number().nullable().describe('OBS_USED'),
  tracksAvailable: z.number().nullable().describe('TRACKS_AVAILABLE'),
  tracksUsed: z.number().nullable().describe('TRACKS_USED'),
  recommendedOdSpanDays: z.number().nullable().describe('RECOMMENDED_OD_SPAN, days'),
  actualOdSpanDays: z.number().nullable().describe('ACTUAL_OD_SPAN, days'),
  residualsAcceptedPercent: z.number().nullable().describe('RESIDUALS_ACCEPTED, %'),
  weightedRms: z.number().nullable().describe('WEIGHTED_RMS'),
  timeLastObEnd: z.string().nullable().describe('TIME_LASTOB_END, ISO 8601 UTC'),
  odEpoch: z.string().nullable().describe('The OD epoch (OD_EPOCH, else TIME_LASTOB_END), ISO 8601 UTC'),
  hoursSinceOdEpoch: z.number().nullable().describe("Hours from the OD epoch to the message's CREATION_DATE"),
  covarianceScaleFactor: z.number().nullable().describe('The covariance scale factor the originator states (a COMMENT or a non-standard keyword such as COV_SCALE_FACTOR), if any'),
});
export type CdmOdQuality = z.infer<typeof CdmOdQuality>;

/** What the newest imported CDM says about its own quality, next to our estimate. */
export const CdmQuality = z.object({
  cdmId: z.number().int().describe('The stored CDM this is read from (GET /api/cdm/{id})'),
  originator: z.string(),
  creationDate: isoUtc('Its CREATION_DATE'),
  originatorPc: z.number().nullable().describe('COLLISION_PROBABILITY as the originator states it'),
  originatorPcMethod: z.string().nullable().describe('COLLISION_PROBABILITY_METHOD as stated'),
  ourPc: z.number().nullable().describe('Our chosen Pc of the same message'),
  ourPcMethod: PcMethod.nullable(),
  pcRatio: z.number().nullable().describe('max/min of the two Pcs (null when either is missing or zero)'),
  pcDisagrees: z.boolean().describe('The two differ by more than a factor of 2 (or one is zero and the other is not)'),
  primary: CdmOdQuality,
  secondary: CdmOdQuality,
});
export type CdmQuality = z.infer<typeof CdmQuality>;

export const ConjunctionDetail = ConjunctionListItem.extend({
  closeReason: z.string().nullable().describe('tca_passed | not_found, when closed'),
  sources: z.array(ConjunctionSource).describe('Every source that has estimated this event'),
  primaryObject: EventObjectDetail,
  secondaryObject: EventObjectDetail,
  pcMethodLabel: z.string().describe('The chosen method in words'),
  pc2d: z.number().nullable().describe('Foster 2D Pc'),
  nc2d: z.number().nullable().describe('Hall 2D-Nc Pc, where computed (the 2D method flagged)'),
  pc3d: z.number().nullable().describe('Hall 3D-Nc Pc, where computed'),
  maxCollisionProbability: z
    .number()
    .describe("Alfano's maximum Pc: over the size of the actual combined covariance (never below the Pc), or, without a covariance, SOCRATES-style with an assumed shape (see maxCollisionProbabilityLabel)"),
  maxCollisionProbabilityLabel: z.string().describe("Which maximum: 'Maximum Pc (Alfano)' or 'Maximum Pc (Alfano, SOCRATES shape)'"),
  violations: z.array(PcViolation).describe('What the usage-violation tests found'),
  pcNote: z.string().nullable().describe('Why a method could not run, when one could not'),
  hardBodyRadius: z.number().describe('Combined hard-body radius used, metres'),
  hardBodyRadiusSource: z.string().describe('From the CDM, the configured default, or the objects’ types'),
  encounterPlane: EncounterPlaneView.nullable(),
  history: z.array(ConjunctionEstimate).describe('Estimates, oldest first'),
  log: z.array(ConjunctionLogEntry).describe('What happened to the event, oldest first'),
  cdms: z.array(CdmLink).describe('Imported CDMs of this event, newest first'),
  generatedCdmUrl: z.string().nullable().describe('The CDM this server wrote when the event crossed the alert level'),
  firstDetected: isoUtc("When the event was first detected: the first CDM's CREATION_DATE when a CDM came first, else when screening first stored it"),
  allowedStatuses: z.array(AlertStatus).describe('The alert statuses PATCH may move this alert to now'),
  decision: z.enum(['mitigating', 'risk_accepted', 'false_alarm']).nullable().describe('The decision the alert was closed with (or holds now), if any'),
  cdmQuality: CdmQuality.nullable().describe('What the newest imported CDM says about its own quality; null without one'),
});
export type ConjunctionDetail = z.infer<typeof ConjunctionDetail>;

/**
 * PATCH /api/conjunctions/{id} (operator role): move the alert, assign it, or comment on it. At
 * least one field; a status not allowed from the current one is a 409 naming the allowed ones.
 */
export const ConjunctionPatchRequest = z
  .object({
    status: AlertStatus.optional().describe('The alert status to move to'),
    comment: z.string().trim().min(1).max(2000).refine(noNul, 'must not contain NUL characters').optional().describe('Why, in words (kept with the change)'),
    assignee: z.string().trim().min(1).max(64).refine(noNul, 'must not contain NUL characters').nullable().optional().describe('A username to assign the alert to; null to unassign'),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.comment !== undefined || b.assignee !== undefined, 'give at least one of status, comment, assignee')
  .meta({ id: 'ConjunctionPatchRequest' });
export type ConjunctionPatchRequest = z.infer<typeof ConjunctionPatchRequest>;

export const ConjunctionIdParams = z.object({ conjunctionId: z.string().trim().regex(/^CNJ-\d{4}-\d{3,}$/, 'a conjunction id looks like CNJ-2026-001') });

/** POST /api/cdm/import?name=FILE: one or more CDMs (KVN, XML, or Space-Track JSON). */
export const CdmImportQuery = z
  .object({
    name: z.string().max(255).refine(noNul, 'must not contain NUL characters').optional().describe('File name, for the record'),
  })
  .strict();

export const CdmImportedItem = z.object({
  index: z.number().int().describe('Position of the message in the file, from 0'),
  messageId: z.string(),
  originator: z.string(),
  conjunctionId: z.string(),
  action: z.enum(['created', 'updated', 'merged']).describe('created: a new event; updated: a newer estimate of an event of this source; merged: joined the screening’s own event for the pair'),
  tca: isoUtc('TCA of the message'),
  collisionProbability: z.number().nullable(),
  pcMethod: PcMethod,
  riskLevel: RiskLevel,
});
export const CdmDuplicateItem = z.object({
  index: z.number().int(),
  messageId: z.string(),
  conjunctionId: z.string().nullable(),
});
export const CdmRejectedItem = z.object({
  index: z.number().int().nullable().describe('Position of the message in the file, from 0, when known'),
  line: z.number().int().nullable().describe('Line of the fault (KVN, XML), when known'),
  messageId: z.string().nullable(),
  reason: z.string(),
});
export const CdmImportResponse = z
  .object({
    imported: z.array(CdmImportedItem),
    duplicates: z.array(CdmDuplicateItem).describe('Messages already stored (same originator and MESSAGE_ID): nothing added'),
    rejected: z.array(CdmRejectedItem),
  })
  .meta({ id: 'CdmImportResponse' });
export type CdmImportResponse = z.infer<typeof CdmImportResponse>;

export const CdmMessageParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT_ID) });

/** A pair that stays close (docked, formation, proximity operations): not a conjunction. */
export const ProximityKind = z.enum(['attached', 'formation', 'proximity_operation']);
export const Proximity = z
  .object({
    id: z.number().int(),
    primaryObject: EventObject,
    secondaryObject: EventObject,
    kind: ProximityKind.describe('attached: within 2 km throughout at under 2 m/s (docked, berthed); formation: inside the threshold throughout; proximity_operation: an approach or departure at low relative speed'),
    start: isoUtc('Start of the interval inside the threshold (clipped to the window)'),
    end: isoUtc('End of the interval'),
    minDistance: z.number().describe('metres'),
    maxDistance: z.number().describe('metres'),
    meanDistance: z.number().describe('metres'),
    relativeSpeed: z.number().describe('Mean relative speed over the interval, m/s'),
    status: z.enum(['open', 'closed']),
    firstDetected: isoUtc('When screening first found it'),
    lastUpdated: isoUtc('When a screening run last saw it'),
  })
  .meta({ id: 'Proximity' });
export type Proximity = z.infer<typeof Proximity>;
export const ProximitiesResponse = z.array(Proximity).meta({ id: 'ProximitiesResponse' });

/** POST /api/conjunctions/{id}/monte-carlo: the run's cap and seed (CARA's defaults when absent). */
export const MonteCarloCheckRequest = z
  .object({
    maxSamples: z.number().int().min(1_000).max(100_000_000).optional().describe('Cap of trials (default 3.7e7, CARA default_params_Pc_SDMC.m)'),
    seed: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional().describe('Seed; the same seed gives the same answer (default 1)'),
  })
  .strict();

/**
 * The Monte Carlo check of one event (issue 27): both objects' states drawn from their covariances
 * at TCA and moved two-body over CARA's SDMC window; the Pc is the share of draws that come within
 * the hard-body radius, with its 95 % Clopper–Pearson interval. A background job with progress.
 */
export const MonteCarloCheck = z.object({
  conjunctionId: z.string(),
  status: z.enum(['running', 'completed', 'failed', 'cancelled']),
  /** Trials counted so far and the cap. */
  samples: z.number().int(),
  hits: z.number().int(),
  maxSamples: z.number().int(),
  seed: z.number().int(),
  startedAt: z.string().describe('ISO 8601 UTC'),
  finishedAt: z.string().nullable(),
  windowStartS: z.number().describe('Window start, s from TCA'),
  windowEndS: z.number(),
  /** The event's value and method when the check started, to read the check against. */
  analyticPc: z.number().nullable(),
  analyticMethod: PcMethod,
  /** Why the method choice calls for a Monte Carlo, when it does. */
  calledFor: z.string().nullable(),
  result: z
    .object({
      pc: z.number(),
      lower: z.number(),
      upper: z.number(),
      confidence: z.number(),
      stoppedBy: z.enum(['precision', 'cap']).describe('precision: the interval reached ±5 % of the Pc; cap: the cap of trials'),
    })
    .nullable(),
  storedAs: z
    .enum(['chosen', 'beside', 'stale'])
    .nullable()
    .describe(
      "What the finished check did to the event (null until it finishes): chosen, the method choice called for a Monte Carlo and the event's Pc is now this one (method sdmc, a new history point); beside, reported beside the event, which is unchanged; stale, called for, but the event was re-estimated while the check ran and the newer estimate stands",
    ),
  error: z.string().nullable(),
});
export type MonteCarloCheck = z.infer<typeof MonteCarloCheck>;
