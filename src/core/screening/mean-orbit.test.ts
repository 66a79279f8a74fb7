/**
 * The mean-orbit model against SGP4 itself (satellite.js, verified line by line against
 * Vallado's tcppver.out in propagation/vallado.test.ts): on every case of Vallado's
 * verification set SGP4-VER.TLE (near-Earth, drag, deep space, 12 h and 24 h resonance, Lyddane
 * low-inclination cases, e up to 0.99) and on real 2023 catalogue objects of every regime, the
 * SGP4 position stays within `deviationBound` of the model at every instant tried.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sgp4 } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { parseTleRecords } from '../elements/tle-parse.ts';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import { createSgp4, type Sgp4Model } from '../propagation/sgp4.ts';
import { meanOrbitAt, meanOrbitInto, meanOrbitPosition, meanOrbitScratch } from './mean-orbit.ts';
import { SGP4_VER_TLE } from '../../../tests/reference/index.ts';

const CATALOG = fileURLToPath(new URL('../../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const haveCatalog = existsSync(CATALOG);
if (!haveCatalog) console.warn(`[mean-orbit.test] SKIPPED (catalogue): ${CATALOG} not found`);

/** Largest ratio |SGP4 − model| / bound over the instants where SGP4 succeeds, and how many were tried. */
function worstRatio(model: Sgp4Model, times: number[]): { ratio: number; tried: number; deep: boolean } {
  let ratio = 0;
  let tried = 0;
  for (const tsince of times) {
    const state = meanOrbitAt(model.satrec, tsince);
    if (!state) continue;
    const pv = sgp4(model.satrec, tsince)!;
    const m = meanOrbitPosition(state);
    const deviation = Math.hypot(pv.position.x - m[0], pv.position.y - m[1], pv.position.z - m[2]);
    ratio = Math.max(ratio, deviation / state.deviationBound);
    tried += 1;
  }
  return { ratio, tried, deep: model.satrec.method === 'd' };
}

describe('mean-orbit model', () => {
  it('bounds SGP4 on every case of Vallado’s SGP4-VER.TLE', () => {
    const { records } = parseTleRecords(readFileSync(SGP4_VER_TLE, 'utf8'));
    let deep = 0;
    let checked = 0;
    for (const { set } of records) {
      const model = createSgp4(set);
      // 400 instants over ±2 days around the epoch, off any regular grid.
      const times = Array.from({ length: 400 }, (_, k) => -2880 + k * 14.4 + 0.37);
      const { ratio, tried, deep: isDeep } = worstRatio(model, times);
      if (tried === 0) continue;
      checked += 1;
      if (isDeep) deep += 1;
      expect(ratio, `case ${set.norad}`).toBeLessThanOrEqual(1);
    }
    expect(checked).toBeGreaterThanOrEqual(30);
    expect(deep).toBeGreaterThanOrEqual(10);
  }, 30_000);

  it.skipIf(!haveCatalog)('bounds SGP4 on every 25th object of the 2023-10-09 catalogue over 48 h', () => {
    const { sets } = parseElementSets(readFileSync(CATALOG, 'utf8'));
    const start = (Date.UTC(2023, 9, 9) - 0) / 60_000;
    let checked = 0;
    for (let i = 0; i < sets.length; i += 25) {
      const model = createSgp4(sets[i]!);
      const epochMin = model.epoch / 60_000;
      const times = Array.from({ length: 97 }, (_, k) => start - epochMin + k * 30 + 0.21);
      const { ratio, tried } = worstRatio(model, times);
      if (tried > 0) checked += 1;
      expect(ratio, `NORAD ${model.norad}`).toBeLessThanOrEqual(1);
    }
    expect(checked).toBeGreaterThan(1000);
  }, 30_000);

  /** Instants where the own secular update and sgp4's meanElements differ in any bit, or in whether (and with which error) they fail. */
  function secularMismatches(model: Sgp4Model, times: number[]): { mismatches: string[]; failures: number; withoutSgp4: number } {
    const own = meanOrbitScratch();
    const viaSgp4 = meanOrbitScratch();
    const mismatches: string[] = [];
    let failures = 0;
    let withoutSgp4 = 0;
    for (const tsince of times) {
      // sgp4 sets satrec.t: still NaN afterwards, the model ran without it.
      model.satrec.t = Number.NaN;
      const a = meanOrbitInto(model.satrec, tsince, own);
      if (Number.isNaN(model.satrec.t)) withoutSgp4 += 1;
      const errorA = model.satrec.error;
      const b = meanOrbitInto(model.satrec, tsince, viaSgp4, 'sgp4');
      const errorB = model.satrec.error;
      if (!a || !b) {
        failures += 1;
        if (Boolean(a) !== Boolean(b) || errorA !== errorB) mismatches.push(`${model.norad} t=${tsince}: fails ${!a}/${!b}, errors ${errorA}/${errorB}`);
        continue;
      }
      for (const key of Object.keys(own) as (keyof typeof own)[]) {
        if (!Object.is(own[key], viaSgp4[key])) mismatches.push(`${model.norad} t=${tsince}: ${key} ${own[key]} ≠ ${viaSgp4[key]}`);
      }
    }
    return { mismatches, failures, withoutSgp4 };
  }

  it('takes the same doubles from its own secular update as from sgp4, near-Earth and deep space, on every case of SGP4-VER.TLE', () => {
    const { records } = parseTleRecords(readFileSync(SGP4_VER_TLE, 'utf8'));
    const mismatches: string[] = [];
    let failures = 0;
    const withoutSgp4 = { n: 0, d: 0 };
    for (const { set } of records) {
      const model = createSgp4(set);
      // ±10 days around the epoch: long enough for the drag cases to decay (sgp4 errors 1, 4 and 6).
      const result = secularMismatches(model, Array.from({ length: 401 }, (_, k) => -14_400 + k * 72 + 0.37));
      mismatches.push(...result.mismatches);
      failures += result.failures;
      withoutSgp4[model.satrec.method === 'd' ? 'd' : 'n'] += result.withoutSgp4;
    }
    expect(mismatches).toEqual([]);
    expect(failures).toBeGreaterThan(0);
    // Both own paths ran (the 12-h and 24-h resonant cases among the deep-space ones).
    expect(withoutSgp4.n).toBeGreaterThan(2000);
    expect(withoutSgp4.d).toBeGreaterThan(2000);
  });

  it.skipIf(!haveCatalog)('takes the same doubles from its own secular update as from sgp4 for every object of the 2023-10-09 catalogue over 48 h', () => {
    const { sets } = parseElementSets(readFileSync(CATALOG, 'utf8'));
    const start = Date.UTC(2023, 9, 9) / 60_000;
    const mismatches: string[] = [];
    let failures = 0;
    for (const set of sets) {
      let model: Sgp4Model;
      try {
        model = createSgp4(set);
      } catch {
        continue;
      }
      const epochMin = model.epoch / 60_000;
      const result = secularMismatches(model, Array.from({ length: 17 }, (_, k) => start - epochMin - 30 + k * 183.75));
      mismatches.push(...result.mismatches.slice(0, 3));
      failures += result.failures;
    }
    expect(mismatches).toEqual([]);
    // The catalogue holds decayed objects whose SGP4 fails in this window.
    expect(failures).toBeGreaterThan(1000);
  }, 30_000);

  it('gives the short-period bound of Brouwer’s terms for the ISS', () => {
    // ISS (ZARYA), 2023-10-09 element set from the reference catalogue.
    const [set] = parseElementSets(
      '1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998\r\n2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557\r\n',
    ).sets;
    const model = createSgp4(set!);
    const state = meanOrbitAt(model.satrec, 100)!;
    // By hand: p ≈ 1.0659 Earth radii, temp1 = J2/(2p) = 5.08e-4, temp2 = temp1/p = 4.76e-4,
    // i = 51.64°: radial 0.5·temp1·sin²i = 1.56e-4 R = 0.997 km; angles 0.25·temp2·|7cos²i − 1|
    // + 1.5·temp2·|cos i| + 1.5·temp2·|cos i sin i| = 9.93e-4 rad, times r ≈ 6,800 km = 6.75 km.
    expect(state.radialDeviationBound).toBeCloseTo(0.997, 2);
    expect(state.deviationBound).toBeGreaterThan(7.6);
    expect(state.deviationBound).toBeLessThan(7.9);
  });
});
