/**
 * SGP4 error codes as Vallado's sgp4 (Vallado et al. 2006, AIAA 2006-6753, and the
 * SGP4 source distributed with it) and satellite.js report them in `satrec.error`.
 */

export type Sgp4ErrorCode = 1 | 2 | 3 | 4 | 5 | 6;

export const SGP4_ERROR_MESSAGES: Readonly<Record<Sgp4ErrorCode, string>> = {
  // The 2006 code also tested a < 0.95 Earth radii here; later releases (and satellite.js) comment it out.
  1: 'mean eccentricity out of range (e ≥ 1 or e < −0.001): drag has driven the mean orbit out of the model',
  2: 'mean motion below zero',
  3: 'perturbed eccentricity out of range (e < 0 or e > 1) after lunar-solar periodics',
  4: 'semi-latus rectum below zero',
  // No longer raised: the epoch sub-orbital test was removed from sgp4init in 2006.
  5: 'epoch elements are sub-orbital',
  6: 'satellite has decayed: orbit radius below one Earth radius',
};

export function isSgp4ErrorCode(code: number): code is Sgp4ErrorCode {
  return Number.isInteger(code) && code >= 1 && code <= 6;
}
