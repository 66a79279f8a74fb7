/**
 * Aerodynamic drag on a satellite: F = ½ ρ v_rel² Cd A along −v_rel (Vallado, Fundamentals, 4th ed.,
 * §8.6; Montenbruck & Gill §3.5), with v_rel the velocity relative to the co-rotating atmosphere (atmosphere-frame.ts)
 * and ρ from one of the models (density.ts).
 */
import type { UtcMs } from '../units.ts';
import { densityPointFromTeme, velocityRelativeToAtmosphere } from './atmosphere-frame.ts';
import { densityAt, type DensityModel, type DensityPoint } from './density.ts';
import type { Vector3 } from './mean-orbit.ts';
import type { SpaceWeather } from './space-weather.ts';

/** Drag force magnitude, N: ½ ρ v² Cd A with ρ in kg/m³, v in km/s, A in m². */
export function dragForceN(densityKgPerM3: number, relativeSpeedKmPerS: number, dragCoefficient: number, areaM2: number): number {
  const v = relativeSpeedKmPerS * 1000;
  return 0.5 * densityKgPerM3 * v * v * dragCoefficient * areaM2;
}

/** Cd·A/m, m²/kg: the inverse of the ballistic coefficient m/(Cd A) (Vallado §8.6). */
export function dragParameter(dragCoefficient: number, areaM2: number, massKg: number): number {
  return (dragCoefficient * areaM2) / massKg;
}

export interface DragAtState {
  readonly point: DensityPoint;
  readonly densityKgPerM3: number;
  /** Velocity relative to the atmosphere, km/s (TEME axes). */
  readonly relativeVelocityKmPerS: Vector3;
  readonly relativeSpeedKmPerS: number;
  readonly forceN: number;
  /** Deceleration F/m, m/s² (when a mass is given). */
  readonly accelerationMPerS2?: number;
}

export interface DragAtStateInput {
  /** TEME position (km) and velocity (km/s), e.g. from propagation/sgp4.ts `propagateAt`. */
  readonly r: Vector3;
  readonly v: Vector3;
  readonly time: UtcMs;
  readonly model: DensityModel;
  readonly spaceWeather: SpaceWeather;
  readonly dragCoefficient: number;
  readonly areaM2: number;
  readonly massKg?: number;
}

/** Density, relative velocity and drag force at a state (an SGP4 state or any TEME r, v). */
export function dragAtState(input: DragAtStateInput): DragAtState {
  const point = densityPointFromTeme(input.r, input.time);
  const densityKgPerM3 = densityAt(input.model, point, input.spaceWeather);
  const relativeVelocityKmPerS = velocityRelativeToAtmosphere(input.r, input.v);
  const relativeSpeedKmPerS = Math.hypot(...relativeVelocityKmPerS);
  const forceN = dragForceN(densityKgPerM3, relativeSpeedKmPerS, input.dragCoefficient, input.areaM2);
  return {
    point,
    densityKgPerM3,
    relativeVelocityKmPerS,
    relativeSpeedKmPerS,
    forceN,
    ...(input.massKg === undefined ? {} : { accelerationMPerS2: forceN / input.massKg }),
  };
}
