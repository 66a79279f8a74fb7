/**
 * JB2008's nine drivers when a `SpaceWeather` value carries only F10.7 and ap (the calculator's entered
 * conditions, a constant, or a series without JB2008 indices). src/core/spaceweather's `jb2008SpaceWeather`
 * forms them from a series; these stand-ins follow the same relations so both paths agree:
 * - S10, M10, Y10 and their 81-day means = F10.7 and F10.7A. The three indices are scaled to F10.7 units by
 *   construction (regressions on F10.7, Bowman et al. 2008, AIAA 2008-6438), so this is their zeroth-order
 *   value — the proxy spaceweather/jb2008-indices.ts states, and shared/reference/atmosphere/README.md's
 *   moderate case ("all JB2008 indices 150").
 * - ΔTc (DSTDTC) from ap by Jacchia's relation as JB2006 used it, ΔTc = ap + 100 (1 − e^(−0.08 ap))
 *   (`stormTemperatureFromAp`, spaceweather/storm-temperature.ts), with ap the mean of the 3-hour values 3, 6
 *   and 9 hours before (NRLMSISE ap-array elements 2–4, around JB2006's 6.7 h lag) when the value has the ap
 *   history, else the daily Ap. Against the DSTDTC of the 32 distinct dates in
 *   shared/reference/atmosphere/jb2008_cases.json (the SET DTCFILE, from Dst) this is off by 29 K rms with the
 *   history and 38 K rms with the daily Ap (biases −3 K and +1 K), where ΔTc = 0 would be off by 92 K rms
 *   (bias −67 K): tests/integration/decay-validation.test.ts. 30 K of ΔTc moves the 400 km density by ~10 %.
 */
import type { Jb2008Indices } from '../atmosphere/jb2008/index.ts';
import { stormTemperatureFromAp } from '../spaceweather/index.ts';
import type { SpaceWeather } from './space-weather.ts';

/** The ap that drives the ΔTc stand-in (see the file comment). */
export function laggedAp(values: SpaceWeather): number {
  const history = values.apArray;
  return history === undefined ? values.ap : (history[2] + history[3] + history[4]) / 3;
}

export interface Jb2008Drivers {
  readonly indices: Jb2008Indices;
  /** True when the indices are the stand-ins of this file, false when the value supplied them. */
  readonly derived: boolean;
}

/** JB2008's indices: the value's own when present, else the stand-ins described above. */
export function jb2008Drivers(values: SpaceWeather): Jb2008Drivers {
  if (values.jb2008Indices !== undefined) return { indices: values.jb2008Indices, derived: false };
  const f = values.f107;
  const fb = values.f107A;
  const dstdtc = stormTemperatureFromAp(laggedAp(values));
  return { indices: { f10: f, f10b: fb, s10: f, s10b: fb, xm10: f, xm10b: fb, y10: f, y10b: fb, dstdtc }, derived: true };
}
