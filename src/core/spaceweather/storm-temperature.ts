/**
 * JB2008's DSTDTC (the exospheric temperature change from geomagnetic activity, K) from ap, for
 * when the Dst-based value of Space Environment Technologies' DTCFILE is not available.
 *
 * JB2008 takes the storm heating as an input computed from Dst (Bowman et al. 2008, AIAA
 * 2008-6438, §"Geomagnetic storm modeling"); its predecessor JB2006 computed it inside the model
 * from the 3-hour ap of 0.279 days (6.7 h) earlier with Jacchia's equation (Jacchia 1971, SAO
 * Special Report 332; "Equation (18)" in the JB2006 code, `DTG = AP + 100*(1 - EXP(-0.08*AP))`;
 * Bowman et al. 2006, AIAA 2006-6166):
 *
 *   ΔTc = ap + 100 · (1 − exp(−0.08 · ap)).
 *
 * We use that relation. Checked against the DTCFILE values in shared/reference/atmosphere/
 * jb2008_cases.json with ap from CelesTrak SW-All (tests/integration/spaceweather-jb2008.test.ts):
 * at 17 of its 32 instants DTCFILE holds exactly this value in whole kelvins (ap 4 → 31 K, ap 15
 * → 85 K, ap 22 → 105 K); elsewhere the two differ both ways, by up to ~25 K in quiet times and more in storms (2002-11-21: 299 K from Dst
 * against 211 K from ap 111; 2003-11-21: 71 K against 180 K from ap 80).
 */

/** Hours between the instant and the ap JB2006 reads (0.279 days). */
export const STORM_AP_LAG_HOURS = 6.7;

/** ΔTc (K) from a 3-hour ap. */
export function stormTemperatureFromAp(ap: number): number {
  return ap + 100 * (1 - Math.exp(-0.08 * ap));
}

export const STORM_TEMPERATURE_METHOD =
  'ΔTc = ap + 100·(1 − exp(−0.08·ap)) with the 3-hour ap 6.7 h earlier (Jacchia 1971 Eq. 18 as JB2006 uses it; Bowman et al. 2006): no Dst-based DTCFILE value';
