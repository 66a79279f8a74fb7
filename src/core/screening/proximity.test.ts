/**
 * Proximities (pairs that stay close) kept apart from conjunctions, on real element sets of the
 * 2023-10-09 catalogue (../shared/reference/catalog): the ISS and the Nauka module docked to it,
 * whose element sets (epochs a day apart) keep them 0.2–1.8 km apart at about 1 m/s; a pair drifting
 * through each other at under a metre per second (a proximity operation); and a fast crossing,
 * which stays a conjunction.
 */
import { describe, expect, it } from 'vitest';
import type { ElementSet } from '../elements/element-set.ts';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import { createSgp4 } from '../propagation/sgp4.ts';
import { degrees, utcMs } from '../units.ts';
import { separateProximities, PROXIMITY_RULES } from './proximity.ts';
import { screen } from './screen.ts';

const ISS = ['0 ISS (ZARYA)', '1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998', '2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557'];
const NAUKA = ['0 ISS (NAUKA)', '1 49044U 21066A   23281.49023427  .00020270  00000-0  36294-3 0  9991', '2 49044  51.6405 127.3243 0005291  86.6252   6.7519 15.49934458419365'];
const TECHSAT = ['0 TECHSAT 1B', '1 25397U 98043D   23282.40800592  .00000298  00000-0  14973-3 0  9991', '2 25397  98.8835 240.9209 0001852 130.1863 229.9477 14.23921734311587'];
const DEBRIS = ['0 NOAA 16 DEB', '1 41423U 00055LC  23282.47316215  .00006455  00000-0  29287-2 0  9990', '2 41423  98.7184 359.2968 0015511 170.8000 189.3465 14.22121175397230'];

const sets = (...records: string[][]) => parseElementSets(records.flat().join('\n')).sets;
const START = Date.UTC(2023, 9, 9);
const END = START + 2 * 86_400_000;

function run(all: ElementSet[], primary: number, thresholdKm = 5) {
  const subjects = all.map((set) => ({ norad: set.norad, model: createSgp4(set) }));
  const out = screen({ primaries: subjects.filter((s) => s.norad === primary), secondaries: subjects, window: { start: utcMs(START), end: utcMs(END) }, thresholdKm });
  const byId = new Map(all.map((s) => [s.norad, s]));
  return { approaches: out.approaches, ...separateProximities(out.approaches, (n) => byId.get(n), { startMs: START, endMs: END }, thresholdKm) };
}

describe('separateProximities', () => {
  it('reports the docked Nauka module once as attached, not as 31 conjunctions', () => {
    const { approaches, conjunctions, proximities } = run(sets(ISS, NAUKA), 25544);
    // The screener finds one "approach" per orbit, at walking pace.
    expect(approaches.length).toBeGreaterThanOrEqual(30);
    expect(approaches.every((a) => a.relativeSpeedKmS * 1000 < 5)).toBe(true);
    expect(conjunctions).toEqual([]);
    expect(proximities).toHaveLength(1);
    const p = proximities[0]!;
    expect(p).toMatchObject({ primary: 25544, secondary: 49044, kind: 'attached', startMs: START, endMs: END, approaches: approaches.length });
    expect(p.minKm).toBeGreaterThan(0.1);
    expect(p.maxKm).toBeLessThan(PROXIMITY_RULES.attachedMaxKm);
    expect(p.meanKm).toBeGreaterThan(p.minKm);
    expect(p.relativeSpeedMPerS).toBeLessThan(PROXIMITY_RULES.attachedMaxSpeedMPerS);
  });

  it('calls a slow pass-through a proximity operation, with its interval inside the window', () => {
    const [iss] = sets(ISS);
    // The same orbit 0.0004 rev/day faster (0.144°/day), its mean anomaly set back so that it
    // catches up with the ISS in the middle of the window: it comes from 17 km behind at about
    // 0.2 m/s, passes and leaves again.
    const period = 86_400 / iss!.meanMotion;
    const dn = 0.0004;
    const middleDays = (START + 86_400_000 - iss!.epoch) / 86_400_000;
    const drifter: ElementSet = { ...iss!, norad: 99001, name: 'DRIFTER', meanMotion: iss!.meanMotion + dn, meanAnomaly: degrees(iss!.meanAnomaly - dn * 360 * middleDays) };
    const { conjunctions, proximities } = run([iss!, drifter], 25544);
    expect(conjunctions).toEqual([]);
    expect(proximities).toHaveLength(1);
    const p = proximities[0]!;
    expect(p.kind).toBe('proximity_operation');
    expect(p.startMs).toBeGreaterThan(START);
    expect(p.endMs).toBeLessThan(END);
    expect(p.endMs - p.startMs).toBeGreaterThan(period * 1000);
    expect(p.minKm).toBeLessThan(2);
    expect(p.relativeSpeedMPerS).toBeLessThan(PROXIMITY_RULES.maxRelativeSpeedMPerS);
  });

  it('leaves a fast crossing among the conjunctions', () => {
    const { approaches, conjunctions, proximities } = run(sets(TECHSAT, DEBRIS), 25397, 10);
    expect(approaches.length).toBeGreaterThan(0);
    expect(conjunctions).toEqual(approaches);
    expect(proximities).toEqual([]);
  });
});
