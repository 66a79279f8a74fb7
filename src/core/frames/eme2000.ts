/**
 * Vectors in EME2000: the Earth mean equator and equinox of J2000.0 (2000-01-01 12:00 TT) of the
 * IAU-76/FK5 system, which CCSDS calls EME2000 (CCSDS 508.0-B-1 Table 3-3 REF_FRAME; SANA
 * "Celestial Body Reference Frames") and Vallado calls J2000 ("Fundamentals of Astrodynamics and
 * Applications", 4th ed., §3.7). It differs from GCRF by a few tens of milliarcseconds (the frame
 * bias and the observed celestial-pole offsets): about 1 m at a LEO radius (0.9 m in Vallado's
 * Example 3-15, Table 3-6).
 *
 * units.ts brands TEME and ECEF vectors through a `Frame` union this module may not extend, so
 * EME2000 vectors carry a brand of their own: a TEME or ECEF vector cannot be passed for one.
 */
import type { Km, KmPerS } from '../units.ts';

declare const eme2000Brand: unique symbol;

/** A Cartesian vector of unit `U` in EME2000. */
export type Eme2000Vector<U extends number> = readonly [U, U, U] & { readonly [eme2000Brand]: 'EME2000' };
export type Eme2000Position = Eme2000Vector<Km>;
export type Eme2000Velocity = Eme2000Vector<KmPerS>;

export interface Eme2000State {
  readonly r: Eme2000Position;
  readonly v: Eme2000Velocity;
}

export const eme2000Position = (x: number, y: number, z: number): Eme2000Position => [x, y, z] as unknown as Eme2000Position;
export const eme2000Velocity = (x: number, y: number, z: number): Eme2000Velocity => [x, y, z] as unknown as Eme2000Velocity;
