/**
 * Exports of one object (issue 14): its element sets as TLE/3LE and CCSDS OMM (KVN, XML,
 * CelesTrak JSON), a CCSDS OEM ephemeris and CZML for Cesium, over a chosen span and step.
 */
import { z } from 'zod';
import { Maneuver, ThreatAssessment } from './operations.ts';

export const ELEMENT_FORMATS = ['tle', '3le', 'omm-kvn', 'omm-xml', 'omm-json'] as const;
export type ElementFormat = (typeof ELEMENT_FORMATS)[number];

/** Longest ephemeris span, days (the OEM and CZML exports). */
export const MAX_EPHEMERIS_DAYS = 31;

export const ObjectParams = z
  .object({ norad: z.string().max(12).regex(/^\d{1,6}$/, 'must be a NORAD catalogue number (1 to 6 digits)').describe('NORAD catalogue number') })
  .strict();

const boolText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const ElementsExportQuery = z
  .object({
    format: z.enum(ELEMENT_FORMATS).default('3le').describe('tle (two lines), 3le (with the name line), omm-kvn, omm-xml or omm-json (CelesTrak JSON)'),
    history: boolText.default(false).describe('true: every stored element set of the object, oldest first; false: the newest only'),
  })
  .strict();

export const EphemerisExportQuery = z
  .object({
    start: z.string().max(64).optional().describe('ISO 8601 UTC; default now'),
    end: z.string().max(64).optional().describe(`ISO 8601 UTC, after start, at most ${MAX_EPHEMERIS_DAYS} days later; default 24 h after start`),
    step: z.string().max(32).optional().describe('Seconds between states, 1 to 86,400; default 60'),
    frame: z.enum(['EME2000', 'TEME']).default('EME2000').describe('OEM reference frame (CZML is always EME2000 ≈ Cesium INERTIAL)'),
  })
  .strict();

// ------------------------------------------------------------------------------------------
// The object page (issue 14): search, identity and state now, element-set history.


export const ObjectSearchQuery = z
  .object({
    q: z.string().max(64).describe('Name (any part, any case), NORAD catalogue number or COSPAR id (any leading part)'),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();

export const ObjectDetailQuery = z
  .object({ at: z.string().max(64).optional().describe('ISO 8601 UTC instant of the state; default now (the object page in time, a shared URL)') })
  .strict();

export const ObjectSummary = z
  .object({
    noradId: z.number().int(),
    name: z.string(),
    cosparId: z.string().nullable(),
    objectType: z.enum(['payload', 'rocket_body', 'debris', 'unknown']),
    owner: z.string().nullable(),
  })
  .meta({ id: 'ObjectSummary' });
export type ObjectSummary = z.infer<typeof ObjectSummary>;
export const ObjectSearchResponse = z.object({ total: z.number().int(), items: z.array(ObjectSummary) }).meta({ id: 'ObjectSearchResponse' });
export type ObjectSearchResponse = z.infer<typeof ObjectSearchResponse>;

export const ObjectDetail = ObjectSummary.extend({
  rcsSize: z.string().nullable(),
  massKg: z.number().nullable(),
  launchDate: z.string().nullable(),
  decayDate: z.string().nullable(),
  category: z.string().nullable(),
  mission: z.string().nullable(),
  description: z.string().nullable(),
  fleet: z.boolean().describe('A member of the fleet (FLEET_OWNERS, FLEET_NORAD_IDS)'),
  threat: ThreatAssessment.nullable().describe('The latest threat assessment of the object, if any'),
  elementSet: z.object({ epoch: z.string(), source: z.string(), ageDays: z.number(), classification: z.string(), elementSetNo: z.number().int(), revAtEpoch: z.number().int() }),
  orbit: z.object({
    semiMajorAxisKm: z.number(),
    perigeeKm: z.number().describe('Height of perigee above the WGS-72 equatorial radius'),
    apogeeKm: z.number(),
    periodMin: z.number(),
    eccentricity: z.number(),
    inclinationDeg: z.number(),
    raanDeg: z.number(),
    argPerigeeDeg: z.number(),
    meanAnomalyDeg: z.number(),
    meanMotionRevPerDay: z.number(),
    bstar: z.number(),
  }),
  now: z
    .object({
      time: z.string(),
      latitudeDeg: z.number(),
      longitudeDeg: z.number(),
      altitudeKm: z.number().describe('Above the WGS-84 ellipsoid'),
      speedKmS: z.number(),
      positionTemeKm: z.tuple([z.number(), z.number(), z.number()]),
      velocityTemeKmS: z.tuple([z.number(), z.number(), z.number()]),
    })
    .nullable()
    .describe('SGP4 at request time; null when SGP4 cannot propagate the set now'),
  nowError: z.string().nullable(),
}).meta({ id: 'ObjectDetail' });
export type ObjectDetail = z.infer<typeof ObjectDetail>;

export const ObjectHistoryResponse = z
  .object({
    items: z.array(
      z.object({
        epoch: z.string(),
        source: z.string(),
        perigeeKm: z.number(),
        apogeeKm: z.number(),
        inclinationDeg: z.number(),
        meanMotionRevPerDay: z.number(),
        bstar: z.number(),
      }),
    ),
    maneuvers: z.array(Maneuver),
  })
  .meta({ id: 'ObjectHistoryResponse' });
export type ObjectHistoryResponse = z.infer<typeof ObjectHistoryResponse>;

export const ObjectDecayResponse = z
  .object({
    elementsEpoch: z.string().describe('The element set the forecast starts from'),
    perigeeKm: z.number(),
    apogeeKm: z.number(),
    capYears: z.number(),
    runs: z.array(
      z.object({
        model: z.enum(['NRLMSISE-00', 'JB2008']),
        dragBasis: z.string().describe("Where Cd·A/m came from: the set's B*, or the object's mass with a default Cd and area"),
        dragParameterM2PerKg: z.number(),
        status: z.string().describe("'reentry' within the cap, else 'cap' (longer than capYears)"),
        reentryTime: z.string().nullable(),
        lifetimeText: z.string(),
      }),
    ),
    earliestReentry: z.string().nullable().describe('The earliest re-entry of the runs (the spread: earliest to latest)'),
    latestReentry: z.string().nullable().describe('null when a run outlives the cap'),
    curve: z.array(z.object({ time: z.string(), altitudeKm: z.number(), perigeeKm: z.number(), apogeeKm: z.number() })).describe('The first run’s decay, thinned'),
    note: z.string(),
  })
  .meta({ id: 'ObjectDecayResponse' });
export type ObjectDecayResponse = z.infer<typeof ObjectDecayResponse>;
