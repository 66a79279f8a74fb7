/**
 * Units and reference frames carried in the type system.
 *
 * A branded number is a plain `number` at run time; the brand exists only for
 * the type checker, so `Km` cannot be passed where `KmPerS` is expected and a
 * TEME vector cannot be passed where an ECEF vector is expected. Arithmetic on
 * branded numbers yields plain numbers: re-brand the result with the helper of
 * its unit (`km(a + b)`), which is where the unit is stated on purpose.
 *
 * Vectors are read-only `[x, y, z]` tuples (so they serialise as JSON arrays)
 * branded with their frame:
 * - TEME: true equator, mean equinox of date, the output frame of SGP4
 *   (Vallado et al. 2006, AIAA 2006-6753, §"TEME coordinate system").
 * - ECEF: Earth-fixed. Ours is the pseudo-Earth-fixed frame of Vallado's
 *   teme2ecef unless polar motion is supplied (see frames/teme-ecef.ts).
 */

declare const unitBrand: unique symbol;
declare const frameBrand: unique symbol;

/** A number whose unit `U` is part of its type. */
export type Quantity<U extends string> = number & { readonly [unitBrand]: U };

/** Kilometres. */
export type Km = Quantity<'km'>;
/** Kilometres per second. */
export type KmPerS = Quantity<'km/s'>;
/** Radians. */
export type Radians = Quantity<'rad'>;
/** Degrees. */
export type Degrees = Quantity<'deg'>;
/** A duration in minutes (SGP4's time unit: `tsince` is minutes from the element-set epoch). */
export type Minutes = Quantity<'min'>;
/** An instant: milliseconds since 1970-01-01T00:00:00Z on the UTC time scale (as `Date.UTC` counts them, no leap seconds). */
export type UtcMs = Quantity<'utc-ms'>;

export const km = (value: number): Km => value as Km;
export const kmPerS = (value: number): KmPerS => value as KmPerS;
export const radians = (value: number): Radians => value as Radians;
export const degrees = (value: number): Degrees => value as Degrees;
export const minutes = (value: number): Minutes => value as Minutes;
export const utcMs = (value: number): UtcMs => value as UtcMs;

const DEG_PER_RAD = 180 / Math.PI;
const RAD_PER_DEG = Math.PI / 180;

export const degToRad = (angle: Degrees): Radians => radians(angle * RAD_PER_DEG);
export const radToDeg = (angle: Radians): Degrees => degrees(angle * DEG_PER_RAD);

/** Frame tags. */
export type Teme = 'TEME';
export type Ecef = 'ECEF';
export type Frame = Teme | Ecef;

/** A Cartesian vector of unit `U` in frame `F`. */
export type Vec3<U extends number, F extends Frame> = readonly [U, U, U] & { readonly [frameBrand]: F };
export type Position<F extends Frame> = Vec3<Km, F>;
export type Velocity<F extends Frame> = Vec3<KmPerS, F>;

/** Brands three numbers as a vector of `frame`; the frame argument documents the call and selects the type. */
export function vec3<U extends number, F extends Frame>(_frame: F, x: number, y: number, z: number): Vec3<U, F> {
  return [x, y, z] as unknown as Vec3<U, F>;
}

export const temePosition = (x: number, y: number, z: number): Position<Teme> => vec3<Km, Teme>('TEME', x, y, z);
export const temeVelocity = (x: number, y: number, z: number): Velocity<Teme> => vec3<KmPerS, Teme>('TEME', x, y, z);
export const ecefPosition = (x: number, y: number, z: number): Position<Ecef> => vec3<Km, Ecef>('ECEF', x, y, z);
export const ecefVelocity = (x: number, y: number, z: number): Velocity<Ecef> => vec3<KmPerS, Ecef>('ECEF', x, y, z);

/** Euclidean length, in the vector's own unit. */
export function norm<U extends number, F extends Frame>(v: Vec3<U, F>): U {
  return Math.hypot(v[0], v[1], v[2]) as U;
}
