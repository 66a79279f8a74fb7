import { z } from 'zod';

/** Fleet categories (DECISIONS.md §3). Other values may appear for imported objects and render neutral. */
export const FleetCategory = z.enum(['military', 'commercial', 'scientific']);
export type FleetCategory = z.infer<typeof FleetCategory>;

/** A number as a string (the spec's form), or '' when SGP4 could not give one. */
const numericOrEmpty = (what: string) =>
  z
    .string()
    .regex(/^(-?\d+(\.\d+)?)?$/, 'numeric string or empty')
    .describe(`${what}; numeric string, empty when no position could be computed`);

/**
 * The spec's Satellite entity (product spec §3), one per fleet satellite.
 * currentPosition comes from SGP4 on the newest element set at request time;
 * latitude, longitude and altitude are numeric strings as the spec gives them.
 */
export const IsraeliSatellite = z
  .object({
    id: z.number().int().describe('Catalogue object id (the NORAD catalogue number)'),
    name: z.string(),
    category: z.string().describe('military | commercial | scientific'),
    cosparId: z.string().nullable().describe('International designator, e.g. 1998-043C'),
    noradId: z.string().describe('NORAD catalogue number'),
    description: z.string(),
    currentPosition: z.object({
      latitude: numericOrEmpty('Geodetic latitude, degrees (WGS-84)'),
      longitude: numericOrEmpty('Longitude, degrees east, -180..180'),
      altitude: numericOrEmpty('Height above the WGS-84 ellipsoid, km'),
      velocity: z.number().nullable().describe('Inertial speed, km/s'),
      timestamp: z.string().describe('Instant of this position, ISO 8601 UTC'),
      error: z.string().optional().describe('Why there is no position (an SGP4 error), when the strings are empty'),
    }),
    period: z.number().describe('Orbital period, minutes'),
    inclination: z.number().describe('Inclination, degrees'),
    altitude: z.number().describe('Mean altitude above the equatorial radius, km ((apogee+perigee)/2)'),
    rcs: z.number().nullable().describe('Radar cross-section, m²'),
    mass: z.number().nullable().describe('Mass, kg'),
    lastUpdate: z.string().describe('Epoch of the element set used, ISO 8601 UTC'),
    elementSource: z.string().describe('Where the element set came from (demo catalogue, import, CelesTrak, Space-Track)'),
  })
  .meta({ id: 'IsraeliSatellite' });
export type IsraeliSatellite = z.infer<typeof IsraeliSatellite>;

export const IsraeliSatellitesResponse = z.array(IsraeliSatellite).meta({ id: 'IsraeliSatellitesResponse' });

/** SST satellite record (product spec §3): every catalogue object that can be selected as a primary. */
export const SatelliteRecord = z
  .object({
    id: z.number().int(),
    name: z.string(),
    noradId: z.string(),
    cosparId: z.string().nullable(),
    category: z.string().nullable().describe('Fleet category, else the object type (payload, rocket_body, debris, unknown)'),
  })
  .meta({ id: 'SatelliteRecord' });
export type SatelliteRecord = z.infer<typeof SatelliteRecord>;

export const SatellitesResponse = z.array(SatelliteRecord).meta({ id: 'SatellitesResponse' });

/** Predicted ground track of one fleet satellite: the next 2 hours in 5-minute steps (spec §9). */
export const GroundTrack = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.string(),
    period: z.number().describe('minutes'),
    points: z.array(
      z.object({
        time: z.string().describe('ISO 8601 UTC'),
        latitude: z.number(),
        longitude: z.number(),
        altitude: z.number().describe('km'),
      }),
    ),
  })
  .meta({ id: 'GroundTrack' });
export type GroundTrack = z.infer<typeof GroundTrack>;

export const GroundTracksResponse = z
  .object({
    start: z.string(),
    stepMinutes: z.literal(5),
    horizonMinutes: z.literal(120),
    tracks: z.array(GroundTrack),
  })
  .meta({ id: 'GroundTracksResponse' });
export type GroundTracksResponse = z.infer<typeof GroundTracksResponse>;
