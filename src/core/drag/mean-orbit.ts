/**
 * The orbit the decay integration carries: size and shape (a, e) that drag changes, orientation (i, Ω, ω)
 * that only J2 moves (secularly), and the two-body position and velocity at any eccentric anomaly, in an
 * Earth-centred inertial frame with z along the Earth's rotation axis (TEME, as SGP4 gives; frames/teme-ecef.ts
 * turns it Earth-fixed).
 *
 * Sources: perifocal → inertial and r, v from E (Vallado, Fundamentals, 4th ed., Algorithm 10 COE2RV,
 * written with the P and Q vectors); the first-order secular J2 rates of node and perigee (Brouwer 1959, as in
 * Vallado, Fundamentals, Ch. 9).
 */
import type { ElementSet } from '../elements/element-set.ts';
import { semiMajorAxis } from '../orbit/mean-elements.ts';
import type { UtcMs } from '../units.ts';
import { EARTH_EQUATORIAL_RADIUS_KM, EARTH_J2, EARTH_MU_KM3_S2 } from './constants.ts';

export interface MeanOrbit {
  readonly semiMajorAxisKm: number;
  readonly eccentricity: number;
  readonly inclinationRad: number;
  /** Right ascension of the ascending node, radians (TEME). */
  readonly raanRad: number;
  readonly argPerigeeRad: number;
}

export type Vector3 = readonly [number, number, number];

export interface OrbitState {
  /** Position, km. */
  readonly r: Vector3;
  /** Velocity, km/s. */
  readonly v: Vector3;
}

/** The perifocal unit vectors P (to perigee) and Q (90° ahead in the orbit plane), inertial components. */
export function perifocalAxes(orbit: MeanOrbit): { readonly p: Vector3; readonly q: Vector3 } {
  const [cO, sO] = [Math.cos(orbit.raanRad), Math.sin(orbit.raanRad)];
  const [cw, sw] = [Math.cos(orbit.argPerigeeRad), Math.sin(orbit.argPerigeeRad)];
  const [ci, si] = [Math.cos(orbit.inclinationRad), Math.sin(orbit.inclinationRad)];
  return {
    p: [cO * cw - sO * sw * ci, sO * cw + cO * sw * ci, sw * si],
    q: [-cO * sw - sO * cw * ci, -sO * sw + cO * cw * ci, cw * si],
  };
}

/** Two-body position and velocity at eccentric anomaly E (μ in km³/s²). */
export function stateAtEccentricAnomaly(orbit: MeanOrbit, eccentricAnomaly: number, mu = EARTH_MU_KM3_S2): OrbitState {
  const { p, q } = perifocalAxes(orbit);
  const a = orbit.semiMajorAxisKm;
  const e = orbit.eccentricity;
  const [cE, sE] = [Math.cos(eccentricAnomaly), Math.sin(eccentricAnomaly)];
  const root = Math.sqrt(1 - e * e);
  const x = a * (cE - e);
  const y = a * root * sE;
  const radius = a * (1 - e * cE);
  const scale = Math.sqrt(mu * a) / radius;
  const vx = -scale * sE;
  const vy = scale * root * cE;
  return {
    r: [x * p[0] + y * q[0], x * p[1] + y * q[1], x * p[2] + y * q[2]],
    v: [vx * p[0] + vy * q[0], vx * p[1] + vy * q[1], vx * p[2] + vy * q[2]],
  };
}

/**
 * Secular J2 rates of the node and the argument of perigee, rad/s (first order, see the file comment):
 * Ω̇ = −(3/2) n J2 (R/p)² cos i, ω̇ = (3/4) n J2 (R/p)² (4 − 5 sin² i). They decide which local solar times the
 * orbit crosses as it decays (a 51.6° orbit at 400 km sweeps all of them in about 60 days).
 */
export function j2SecularRates(orbit: MeanOrbit, mu = EARTH_MU_KM3_S2): { readonly raanRate: number; readonly argPerigeeRate: number } {
  const a = orbit.semiMajorAxisKm;
  const n = Math.sqrt(mu / (a * a * a));
  const semiLatusRectum = a * (1 - orbit.eccentricity * orbit.eccentricity);
  const k = n * EARTH_J2 * (EARTH_EQUATORIAL_RADIUS_KM / semiLatusRectum) ** 2;
  const sinI = Math.sin(orbit.inclinationRad);
  return { raanRate: -1.5 * k * Math.cos(orbit.inclinationRad), argPerigeeRate: 0.75 * k * (4 - 5 * sinI * sinI) };
}

/** Perigee and apogee heights above the equatorial radius, km. */
export function apsisAltitudes(orbit: Pick<MeanOrbit, 'semiMajorAxisKm' | 'eccentricity'>): { readonly perigeeKm: number; readonly apogeeKm: number } {
  return {
    perigeeKm: orbit.semiMajorAxisKm * (1 - orbit.eccentricity) - EARTH_EQUATORIAL_RADIUS_KM,
    apogeeKm: orbit.semiMajorAxisKm * (1 + orbit.eccentricity) - EARTH_EQUATORIAL_RADIUS_KM,
  };
}

/** Orbital period, seconds. */
export function periodSeconds(semiMajorAxisKm: number, mu = EARTH_MU_KM3_S2): number {
  return 2 * Math.PI * Math.sqrt((semiMajorAxisKm * semiMajorAxisKm * semiMajorAxisKm) / mu);
}

const RAD = Math.PI / 180;

/**
 * The mean orbit of an element set: a from the Kozai mean motion (orbit/mean-elements.ts, WGS-72 μ as the
 * elements were fitted with), e, i, Ω, ω as published. Mean elements, not an osculating SGP4 state, because
 * the decay is secular: an osculating a swings by ±10 km over an orbit from J2 alone.
 */
export function meanOrbitFromElementSet(set: ElementSet): { readonly epoch: UtcMs; readonly orbit: MeanOrbit } {
  return {
    epoch: set.epoch,
    orbit: {
      semiMajorAxisKm: semiMajorAxis(set.meanMotion),
      eccentricity: set.eccentricity,
      inclinationRad: set.inclination * RAD,
      raanRad: set.raan * RAD,
      argPerigeeRad: set.argPerigee * RAD,
    },
  };
}

/**
 * The element set's mean orbit at `time`: node and perigee moved from the set's epoch by the secular J2 rates
 * (`j2SecularRates`), a shifted by `semiMajorAxisShiftKm` (e.g. today's decay rate times the days ahead); e and i
 * as published. For forecasts of the orbit-averaged drag a day or a week ahead, where what matters is which local
 * times the orbit crosses, not where along it the satellite is.
 */
export function meanOrbitAt(set: ElementSet, time: UtcMs, semiMajorAxisShiftKm = 0): MeanOrbit {
  const { epoch, orbit } = meanOrbitFromElementSet(set);
  const seconds = (time - epoch) / 1000;
  const rates = j2SecularRates(orbit);
  return {
    ...orbit,
    semiMajorAxisKm: orbit.semiMajorAxisKm + semiMajorAxisShiftKm,
    raanRad: orbit.raanRad + rates.raanRate * seconds,
    argPerigeeRad: orbit.argPerigeeRad + rates.argPerigeeRate * seconds,
  };
}
