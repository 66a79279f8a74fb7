/**
 * Where a satellite is over the Earth at an instant: SGP4 (TEME) → Earth-fixed via
 * GMST (frames/teme-ecef.ts) → geodetic WGS-84 (frames/geodetic.ts). What maps and
 * the fleet list show.
 */
import { ecefToGeodetic } from '../frames/geodetic.ts';
import { temeToEcef } from '../frames/teme-ecef.ts';
import { norm, radToDeg, type Degrees, type Km, type KmPerS, type UtcMs } from '../units.ts';
import { propagateAt, type Sgp4Model } from './sgp4.ts';

export interface SubPoint {
  readonly time: UtcMs;
  readonly latitude: Degrees;
  /** East longitude, −180 … 180. */
  readonly longitude: Degrees;
  /** Height above the WGS-84 ellipsoid. */
  readonly altitude: Km;
  /** Inertial (TEME) speed. */
  readonly speed: KmPerS;
}

export type SubPointResult = { readonly ok: true; readonly point: SubPoint } | { readonly ok: false; readonly code: number; readonly message: string };

export function subPointAt(model: Sgp4Model, t: UtcMs): SubPointResult {
  const state = propagateAt(model, t);
  if (!state.ok) return state;
  const g = ecefToGeodetic(temeToEcef(state.r, t));
  return {
    ok: true,
    point: { time: t, latitude: radToDeg(g.latitude), longitude: radToDeg(g.longitude), altitude: g.altitude, speed: norm(state.v) },
  };
}
