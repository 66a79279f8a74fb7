/**
 * WGS-84 ellipsoid, from NIMA TR8350.2 "Department of Defense World Geodetic System 1984",
 * 3rd edition, amendment 1 (2000): Table 3.1 (defining parameters) and Table 3.3 (derived
 * geometric constants). Lengths in km.
 */
import { km } from '../units.ts';

/** Semi-major axis a = 6,378,137.0 m (Table 3.1). */
export const WGS84_A = km(6378.137);
/** Flattening f = 1/298.257223563 (Table 3.1). */
export const WGS84_F = 1 / 298.257223563;
/** Semi-minor axis b = a(1 − f) = 6,356,752.3142 m (Table 3.3). */
export const WGS84_B = km(WGS84_A * (1 - WGS84_F));
/** First eccentricity squared e² = f(2 − f) = 6.69437999014e-3 (Table 3.3). */
export const WGS84_E2 = WGS84_F * (2 - WGS84_F);
/** Nominal mean angular velocity of the Earth ω = 7,292,115e-11 rad/s (Table 3.1). */
export const WGS84_OMEGA = 7.292115e-5;
