import { semiMajorAxis, WGS72_RADIUS } from '@core/orbit/index.ts';
import { formatPeriod, NO_VALUE } from '@/lib/satellite-format';

/*
 * Spec §9 altitude zones and the orbit type of a satellite. The spec's
 * original treated every satellite named AMOS as geostationary and all others
 * as LEO; with real element sets the type follows from the orbit itself (its
 * mean altitude, equivalently its period), so a drifting or retired AMOS, or
 * a satellite that is neither, is typed by where it really flies.
 */

export type OrbitType = 'LEO' | 'MEO' | 'GEO';

export const ORBIT_TYPES: readonly OrbitType[] = ['LEO', 'MEO', 'GEO'];

/** The geostationary altitude, km above the equator (spec §9). */
export const GEO_ALTITUDE_KM = 35_786;
/** Top of the spec's LEO zone and bottom of its MEO zone, km. */
export const LEO_TOP_KM = 1_000;
/** Bottom of the spec's LEO zone as drawn on the chart, km. */
export const LEO_BOTTOM_KM = 400;
/**
 * A satellite whose mean altitude is within this of the geostationary
 * altitude (or above it) is GEO: the belt, drifting satellites a few hundred
 * km off it, and the graveyard orbits ~300 km above it. 1,000 km is about 4%
 * of the period (±58 min of the 1,436 min day).
 */
export const GEO_TOLERANCE_KM = 1_000;

export interface AltitudeZone {
  type: OrbitType;
  /** The zone label, spec §9. */
  label: string;
  fromKm: number;
  /** Equal to fromKm for GEO, which is a single altitude. */
  toKm: number;
}

export const ALTITUDE_ZONES: readonly AltitudeZone[] = [
  { type: 'LEO', label: 'LEO 400–1,000 km', fromKm: LEO_BOTTOM_KM, toKm: LEO_TOP_KM },
  { type: 'MEO', label: 'MEO 1,000–35,786 km', fromKm: LEO_TOP_KM, toKm: GEO_ALTITUDE_KM },
  { type: 'GEO', label: 'GEO 35,786 km', fromKm: GEO_ALTITUDE_KM, toKm: GEO_ALTITUDE_KM },
];

/** Orbit type of a mean altitude (km above the equatorial radius): below 1,000 km LEO, near or above 35,786 km GEO, else MEO. */
export function orbitTypeOfAltitude(altitudeKm: number): OrbitType {
  if (altitudeKm < LEO_TOP_KM) return 'LEO';
  if (altitudeKm >= GEO_ALTITUDE_KM - GEO_TOLERANCE_KM) return 'GEO';
  return 'MEO';
}

/**
 * Mean altitude from the period: a = (μ/n²)^(1/3) with the WGS-72 μ SGP4's
 * elements are fitted with, less the equatorial radius (the same definition
 * as the satellite's `altitude` field). 1,436.1 min → about 35,786 km.
 */
export function meanAltitudeFromPeriod(periodMinutes: number): number {
  return semiMajorAxis(1440 / periodMinutes) - WGS72_RADIUS;
}

export function orbitTypeOfPeriod(periodMinutes: number): OrbitType {
  return orbitTypeOfAltitude(meanAltitudeFromPeriod(periodMinutes));
}

/** Period as the Orbits tiles show it: minutes ('94.6 min'), hours for GEO ('23.9 h'). */
export function formatOrbitPeriod(periodMinutes: number, type: OrbitType): string {
  if (!Number.isFinite(periodMinutes)) return NO_VALUE;
  return type === 'GEO' ? `${(periodMinutes / 60).toFixed(1)} h` : formatPeriod(periodMinutes);
}

/** Satellites per orbit type, in the order LEO, MEO, GEO. */
export function countByOrbitType(altitudesKm: readonly number[]): Record<OrbitType, number> {
  const counts: Record<OrbitType, number> = { LEO: 0, MEO: 0, GEO: 0 };
  for (const altitude of altitudesKm) counts[orbitTypeOfAltitude(altitude)] += 1;
  return counts;
}
