/**
 * NOAA's geomagnetic storm scale (the G of the NOAA Space Weather Scales) from Kp, and Kp as it is written.
 *
 * Source: NOAA Space Weather Prediction Center, "NOAA Space Weather Scales"
 * (www.swpc.noaa.gov/noaa-scales-explanation; introduced by Poppe 2000, "New scales help public, technicians
 * understand space weather", Eos 81(29), 322): G1 Minor Kp = 5, G2 Moderate Kp = 6, G3 Strong Kp = 7,
 * G4 Severe Kp = 8 "including a 9−", G5 Extreme Kp = 9.
 *
 * Kp comes in thirds written 5−, 5o, 5+ (= 4⅔, 5, 5⅓; Bartels 1957, kp-ap.ts). The table names whole values, so a
 * third belongs to the whole value it is written with: 5− already counts as Kp 5 (G1); 9− counts as 9 but the table
 * puts it in G4, so only 9o is G5.
 */
import { nearestKpThird } from './kp-ap.ts';

/** The five steps of the scale, with the whole Kp that starts each (NOAA SWPC, see the file comment). */
export const NOAA_G_SCALE = [
  { g: 1, name: 'Minor', kp: 5 },
  { g: 2, name: 'Moderate', kp: 6 },
  { g: 3, name: 'Strong', kp: 7 },
  { g: 4, name: 'Severe', kp: 8 },
  { g: 5, name: 'Extreme', kp: 9 },
] as const;

/**
 * The level of an alert of the step, by the product spec's colour rule (§9: "Major red, High orange, else
 * yellow"): G4–G5 Major, G3 High, G2 Moderate, G1 Minor.
 */
export type GeomagneticAlertLevel = 'Major' | 'High' | 'Moderate' | 'Minor';

export interface GeomagneticScale {
  /** 1 … 5. */
  readonly g: number;
  readonly name: (typeof NOAA_G_SCALE)[number]['name'];
  readonly level: GeomagneticAlertLevel;
}

const LEVELS: readonly GeomagneticAlertLevel[] = ['Minor', 'Moderate', 'High', 'Major', 'Major'];

/** The G step a Kp value reaches (decimal Kp, taken at its nearest third), or undefined below Kp 5−. */
export function geomagneticScale(kp: number): GeomagneticScale | undefined {
  const third = nearestKpThird(kp);
  // The whole value the third is written with (5− → 5, 5+ → 5); 9− stays in G4.
  const written = third >= 9 ? 9 : Math.min(8, Math.round(third));
  const step = NOAA_G_SCALE.find((s) => s.kp === written);
  return step === undefined ? undefined : { g: step.g, name: step.name, level: LEVELS[step.g - 1]! };
}

/** Kp as people write it (Bartels 1957; GFZ Potsdam's Kp lists): 3o, 5−, 7+ (U+2212 minus). */
export function kpText(kp: number): string {
  const thirds = Math.round(kp * 3);
  const whole = Math.round(thirds / 3);
  const rest = thirds - whole * 3;
  return `${whole}${rest === 0 ? 'o' : rest > 0 ? '+' : '−'}`;
}
