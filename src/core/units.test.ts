import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  degrees,
  degToRad,
  ecefPosition,
  km,
  kmPerS,
  minutes,
  norm,
  radToDeg,
  temePosition,
  temeVelocity,
  type Degrees,
  type Ecef,
  type Km,
  type KmPerS,
  type Minutes,
  type Position,
  type Radians,
  type Teme,
} from './units.ts';

// The `@ts-expect-error` lines are the real assertions: `tsc -p tsconfig.node.json`
// (which type-checks the tests) fails if any of them starts to compile.
function takesTemePosition(r: Position<Teme>): Km {
  return norm(r);
}
function takesKm(x: Km): number {
  return x;
}
function takesRadians(x: Radians): number {
  return x;
}
function takesMinutes(x: Minutes): number {
  return x;
}

describe('branded units and frames', () => {
  it('are plain numbers and arrays at run time', () => {
    const r = temePosition(3, 4, 12);
    expect(Array.isArray(r)).toBe(true);
    expect(JSON.stringify(r)).toBe('[3,4,12]');
    expect(takesTemePosition(r)).toBe(13);
    expect(km(1.5) + km(2)).toBe(3.5);
  });

  it('convert degrees and radians', () => {
    expect(degToRad(degrees(180))).toBe(Math.PI);
    expect(radToDeg(degToRad(degrees(34.2682)))).toBeCloseTo(34.2682, 12);
  });

  it('refuse to mix frames or units (checked by tsc)', () => {
    const ecef = ecefPosition(1, 2, 3);
    const v = temeVelocity(1, 2, 3);
    // @ts-expect-error an ECEF position is not a TEME position
    takesTemePosition(ecef);
    // @ts-expect-error a velocity is not a position
    takesTemePosition(v);
    // @ts-expect-error km/s is not km
    takesKm(kmPerS(7.5));
    // @ts-expect-error degrees are not radians
    takesRadians(degrees(90));
    // @ts-expect-error a bare number has no unit
    takesMinutes(1440);
    takesMinutes(minutes(1440));
    expectTypeOf(norm(v)).toEqualTypeOf<KmPerS>();
    expectTypeOf(degToRad(degrees(1))).toEqualTypeOf<Radians>();
    expectTypeOf<Position<Ecef>>().not.toEqualTypeOf<Position<Teme>>();
    expectTypeOf<Degrees>().not.toEqualTypeOf<Radians>();
  });
});
