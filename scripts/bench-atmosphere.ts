/**
 * Issue 5: density evaluations per second for each atmosphere model, at the
 * README's moderate case (F10.7 = F10.7A = 150, Ap 15; JB2008 indices 150) over
 * a spread of altitudes, latitudes and times, one thread.
 */
import { jb2008Density } from '../src/core/atmosphere/jb2008/index.ts';
import { nrlmsiseDensity } from '../src/core/atmosphere/nrlmsise00/index.ts';
import { utcMs } from '../src/core/units.ts';

type Row = (what: string, value: string, note?: string) => void;

const T0 = Date.UTC(2026, 2, 21, 12);
const N = 20_000;
const point = (i: number) => ({
  time: utcMs(T0 + (i % 97) * 900_000),
  latitudeDeg: ((i * 37) % 180) - 90,
  longitudeDeg: ((i * 53) % 360) - 180,
  altitudeKm: 120 + ((i * 7) % 880),
});

function rate(evaluate: (i: number) => number): { perSecond: number; checksum: number } {
  for (let i = 0; i < 500; i++) evaluate(i); // warm up the JIT
  let checksum = 0;
  const started = performance.now();
  for (let i = 0; i < N; i++) checksum += evaluate(i);
  return { perSecond: N / ((performance.now() - started) / 1000), checksum };
}

export function atmosphereBench(row: Row): void {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const msis = rate((i) => nrlmsiseDensity({ ...point(i), f107: 150, f107A: 150, ap: 15 }).densityKgPerM3);
  row('NRLMSISE-00 (gtd7d) density evaluations', `${fmt(msis.perSecond)} /s`, '120-1000 km, one thread');
  const indices = { f10: 150, f10b: 150, s10: 150, s10b: 150, xm10: 150, xm10b: 150, y10: 150, y10b: 150, dstdtc: 0 };
  const jb = rate((i) => jb2008Density({ ...point(i), indices }).densityKgPerM3);
  row('JB2008 density evaluations', `${fmt(jb.perSecond)} /s`, '120-1000 km, one thread');
  if (!(msis.checksum > 0 && jb.checksum > 0)) throw new Error('a model returned no density');
}
