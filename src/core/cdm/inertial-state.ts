/**
 * A CDM object's state at TCA in an inertial frame, as the RTN axes (Annex E1: "the satellite's
 * inertial orbit plane") and the Pc need it.
 *
 * EME2000, GCRF and TEME are inertial (TEME is quasi-inertial: SGP4's true equator and mean
 * equinox of date) and are used as they are. ITRF is Earth-fixed: it is turned into TEME with
 * frames/teme-ecef.ts, r_TEME = R3(−θ_GMST) W⁻¹ r_ITRF and v_TEME = R3(−θ_GMST)(v_PEF + ω⊕ × r_PEF),
 * so the velocity gains the Earth-rotation term ω⊕ × r (≈ 0.5 km/s in LEO). Without Earth
 * orientation parameters the ITRF is taken as the pseudo-Earth-fixed frame (polar motion and
 * UT1 − UTC neglected): that rotates both objects' states together by at most ~1e-4 rad, which
 * leaves their relative geometry, and so the Pc, unchanged to first order.
 */
import type { CdmObject, CdmRefFrame, Vector3 } from './cdm.ts';
import { ecefToTemeState, type EarthOrientation } from '../frames/teme-ecef.ts';
import { ecefPosition, ecefVelocity, type UtcMs } from '../units.ts';

export type InertialFrame = Exclude<CdmRefFrame, 'ITRF'>;

export interface InertialState {
  readonly frame: InertialFrame;
  readonly positionKm: Vector3;
  readonly velocityKmPerS: Vector3;
}

/** The object's state in an inertial frame: its own if inertial, else TEME (ITRF converted at `tca`). */
export function inertialState(object: CdmObject, tca: UtcMs, eop: EarthOrientation = {}): InertialState {
  const { positionKm: r, velocityKmPerS: v } = object.data.stateVector;
  const frame = object.metadata.refFrame;
  if (frame !== 'ITRF') return { frame, positionKm: r, velocityKmPerS: v };
  const teme = ecefToTemeState({ r: ecefPosition(r[0], r[1], r[2]), v: ecefVelocity(v[0], v[1], v[2]) }, tca, eop);
  return { frame: 'TEME', positionKm: [teme.r[0], teme.r[1], teme.r[2]], velocityKmPerS: [teme.v[0], teme.v[1], teme.v[2]] };
}
