/**
 * Where an encounter happens, by the altitude at the time of closest approach, in the IADC's
 * protected regions (IADC Space Debris Mitigation Guidelines, IADC-02-01 Rev. 3, 2021, §3.3.2):
 * LEO up to 2,000 km altitude; GEO 35,786 km ± 200 km (the latitude band of ±15° is left out: an
 * inclined geosynchronous encounter counts as GEO); between them MEO, beyond GEO HEO.
 */
import type { CloseApproach } from './close-approach.ts';

export type EncounterRegime = 'LEO' | 'MEO' | 'GEO' | 'HEO';

/** The Earth's equatorial radius, km (WGS-84: the altitude convention of the guidelines). */
const EQUATORIAL_RADIUS_KM = 6378.137;
const LEO_TOP_KM = 2000;
const GEO_ALTITUDE_KM = 35_786;
const GEO_HALF_WIDTH_KM = 200;

export function encounterRegime(altitudeKm: number): EncounterRegime {
  if (altitudeKm <= LEO_TOP_KM) return 'LEO';
  if (altitudeKm < GEO_ALTITUDE_KM - GEO_HALF_WIDTH_KM) return 'MEO';
  if (altitudeKm <= GEO_ALTITUDE_KM + GEO_HALF_WIDTH_KM) return 'GEO';
  return 'HEO';
}

/** The regime of an approach: the primary's altitude above the equatorial radius at TCA. */
export function approachRegime(approach: CloseApproach): EncounterRegime {
  const [x, y, z] = approach.primaryState.r as unknown as readonly [number, number, number];
  return encounterRegime(Math.hypot(x, y, z) - EQUATORIAL_RADIUS_KM);
}
