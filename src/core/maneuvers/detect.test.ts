import { describe, expect, it } from 'vitest';
import { generateDemoCatalog, type InjectedManeuver } from '../catalog/demo-catalog.ts';
import { createRandom } from '../catalog/random.ts';
import type { ElementSet } from '../elements/element-set.ts';
import { utcMs } from '../units.ts';
import { detectManeuvers, type HistoryPoint } from './index.ts';

// Constants written out here (WGS-72, Vallado 4th ed. Table D-1 / AIAA 2006-6753), so the
// synthetic histories do not lean on the code under test.
const MU = 398600.8; // km³/s²
const RE = 6378.135; // km
const J2 = 0.001082616;
const DAY_MS = 86_400_000;
const DEG = Math.PI / 180;
const T0 = Date.UTC(2026, 10, 1);

/** Kozai mean motion (rev/day) of a semi-major axis: n = √(μ/a³). */
const revPerDay = (aKm: number) => (Math.sqrt(MU / aKm ** 3) * 86400) / (2 * Math.PI);
/** Secular J2 node rate, deg/day (Vallado Eq. 9-41): Ω̇ = −(3/2) n J2 (R/p)² cos i. */
const nodeRateDegPerDay = (aKm: number, e: number, iDeg: number) =>
  (-1.5 * Math.sqrt(MU / aKm ** 3) * J2 * (RE / (aKm * (1 - e * e))) ** 2 * Math.cos(iDeg * DEG) * 86400) / DEG;

interface SyntheticOrbit {
  aKm: number;
  e: number;
  iDeg: number;
  raanDeg: number;
}

/**
 * A history of `days + 1` sets about a day apart (±0.3 day), with TLE-like noise (20 m in a,
 * 0.0005° in i and Ω, 2e-6 in e) rounded as a TLE prints them. `orbitAt(tDays)` gives the
 * true mean orbit except the node, which is integrated here at the J2 rate of the orbit in force.
 */
function syntheticHistory(orbitAt: (tDays: number) => SyntheticOrbit, options: { days?: number; seed?: number; noise?: boolean } = {}): HistoryPoint[] {
  const random = createRandom(options.seed ?? 7);
  const noise = options.noise ?? true;
  const days = options.days ?? 14;
  const epochs = Array.from({ length: days + 1 }, (_, k) => k + (k === 0 ? 0 : random.uniform(-0.3, 0.3)));
  let raan = orbitAt(0).raanDeg;
  let last = 0;
  return epochs.map((t) => {
    // Integrate the node in small steps so a change of orbit mid-interval is followed.
    for (let s = last; s < t; s = Math.min(t, s + 0.01)) {
      const o = orbitAt(s);
      raan += nodeRateDegPerDay(o.aKm, o.e, o.iDeg) * (Math.min(t, s + 0.01) - s);
    }
    last = t;
    const o = orbitAt(t);
    const g = () => (noise ? random.normal() : 0);
    return {
      epoch: utcMs(Math.round(T0 + t * DAY_MS)),
      meanMotion: Number(revPerDay(o.aKm + 0.02 * g()).toFixed(8)),
      eccentricity: Number(Math.max(0, o.e + 2e-6 * g()).toFixed(7)),
      inclination: Number((o.iDeg + 0.0005 * g()).toFixed(4)),
      raan: Number(((((raan + o.raanDeg - orbitAt(0).raanDeg + 0.0005 * g()) % 360) + 360) % 360).toFixed(4)),
    };
  });
}

describe('detectManeuvers on synthetic histories', () => {
  it('finds nothing in a decaying LEO orbit (drag only, 60 m/day)', () => {
    // ~60 m/day is a typical decay near 400 km at moderate solar activity (ISS: ~2 km/month).
    const history = syntheticHistory((t) => ({ aKm: RE + 400 - 0.06 * t, e: 0.0004, iDeg: 51.64, raanDeg: 120 }));
    expect(detectManeuvers(1, history)).toEqual([]);
  });

  it('finds nothing in a fast node drift (J2 only) with irregular epochs', () => {
    // 500 km at 28.5°: Ω̇ ≈ −6.8°/day, several degrees between sets.
    const history = syntheticHistory(() => ({ aKm: RE + 500, e: 0.001, iDeg: 28.5, raanDeg: 300 }), { seed: 11 });
    expect(Math.abs(nodeRateDegPerDay(RE + 500, 0.001, 28.5))).toBeGreaterThan(6);
    expect(detectManeuvers(2, history)).toEqual([]);
  });

  it('finds nothing in noise-free sets (the floors stop a zero σ)', () => {
    const history = syntheticHistory(() => ({ aKm: RE + 700, e: 0.001, iDeg: 98.2, raanDeg: 10 }), { noise: false });
    expect(detectManeuvers(3, history)).toEqual([]);
  });

  it('finds nothing in quiet GEO and MEO histories', () => {
    expect(detectManeuvers(4, syntheticHistory(() => ({ aKm: 42164.2, e: 0.0002, iDeg: 0.05, raanDeg: 80 }), { seed: 3 }))).toEqual([]);
    expect(detectManeuvers(5, syntheticHistory(() => ({ aKm: 26560, e: 0.01, iDeg: 55, raanDeg: 200 }), { seed: 4 }))).toEqual([]);
  });

  it('ignores one bad element set (an outlier, not two burns)', () => {
    const history = syntheticHistory(() => ({ aKm: RE + 550, e: 0.0002, iDeg: 53, raanDeg: 45 }), { seed: 5 });
    const bad = history[7]!;
    history[7] = { ...bad, meanMotion: revPerDay(RE + 550 + 3) };
    expect(detectManeuvers(6, history)).toEqual([]);
  });

  it('reports a plane change with Δv = 2 v sin(Δi/2)', () => {
    const a = RE + 700;
    const burnDay = 6.5;
    const di = 0.05; // deg
    const history = syntheticHistory((t) => ({ aKm: a, e: 0.001, iDeg: 98.2 + (t >= burnDay ? di : 0), raanDeg: 10 }), { seed: 9 });
    const expectedDv = 2 * Math.sqrt(MU / a) * Math.sin((di * DEG) / 2) * 1000; // Vallado §6.4, ≈ 6.6 m/s
    const found = detectManeuvers(7, history);
    expect(found).toHaveLength(1);
    const m = found[0]!;
    expect(m.maneuverType).toBe('plane_change');
    expect(m.direction).toBe('other');
    expect(m.deltaV).toBeGreaterThan(expectedDv * 0.95);
    expect(m.deltaV).toBeLessThan(expectedDv * 1.05);
    expect(m.deltaInclinationDeg).toBeCloseTo(di, 2);
    const before = history.filter((p) => p.epoch < T0 + burnDay * DAY_MS).at(-1)!;
    const after = history.find((p) => p.epoch >= T0 + burnDay * DAY_MS)!;
    expect(m.maneuverTime).toBeGreaterThanOrEqual(before.epoch);
    expect(m.maneuverTime).toBeLessThanOrEqual(after.epoch);
    expect(m.detectionTime).toBe(after.epoch);
    expect(m.confidence).toBeGreaterThan(0.99);
  });

  it('reports a re-boost against drag as orbit raising with Δv = v Δa / 2a', () => {
    // ISS-like: 1 m/s tangential at 420 km raises a by 2aΔv/v ≈ 1.78 km (Vallado §6.3).
    const a0 = RE + 420;
    const v = Math.sqrt(MU / a0);
    const da = (2 * a0 * 0.001) / v;
    const burnDay = 9.4;
    const history = syntheticHistory((t) => ({ aKm: a0 - 0.07 * t + (t >= burnDay ? da : 0), e: 0.0005, iDeg: 51.64, raanDeg: 200 }), { seed: 13 });
    const found = detectManeuvers(8, history);
    expect(found).toHaveLength(1);
    const m = found[0]!;
    expect(m.maneuverType).toBe('orbit_raising');
    expect(m.direction).toBe('prograde');
    expect(m.deltaV).toBeGreaterThan(0.95);
    expect(m.deltaV).toBeLessThan(1.05);
    expect(m.deltaSemiMajorAxisKm).toBeGreaterThan(da - 0.05);
    expect(m.deltaSemiMajorAxisKm).toBeLessThan(da + 0.05);
  });

  it('reports a lowering as retrograde and keeps an unsorted history in epoch order', () => {
    const a0 = RE + 800;
    const history = syntheticHistory((t) => ({ aKm: a0 - (t >= 4.2 ? 5 : 0), e: 0.001, iDeg: 70, raanDeg: 0 }), { seed: 17 });
    const found = detectManeuvers(9, [...history].reverse());
    expect(found.map((m) => [m.maneuverType, m.direction])).toEqual([['orbit_lowering', 'retrograde']]);
    expect(found[0]!.deltaSemiMajorAxisKm).toBeCloseTo(-5, 1);
  });

  it('finds nothing in a circular MEO orbit whose e sits at zero (|e| is not Gaussian there)', () => {
    for (const seed of [21, 22, 23, 24, 25]) {
      expect(detectManeuvers(11, syntheticHistory(() => ({ aKm: 27_900, e: 0, iDeg: 55, raanDeg: 30 }), { seed }))).toEqual([]);
    }
  });

  it('reports a change of eccentricity alone as other, with the radial Δv = v Δe', () => {
    // Gauss's variational equations (Vallado §9.4): a radial impulse on a near-circular orbit
    // changes e by Δv/v and leaves a unchanged.
    const a = 26_560;
    const de = 2e-4;
    const history = syntheticHistory((t) => ({ aKm: a, e: 0.01 + (t >= 8.5 ? de : 0), iDeg: 55, raanDeg: 30 }), { seed: 19 });
    const found = detectManeuvers(12, history);
    expect(found).toHaveLength(1);
    expect(found[0]!.maneuverType).toBe('other');
    expect(found[0]!.direction).toBe('other');
    const expectedDv = Math.sqrt(MU / a) * de * 1000; // ≈ 0.77 m/s
    expect(found[0]!.deltaV).toBeGreaterThan(expectedDv * 0.9);
    expect(found[0]!.deltaV).toBeLessThan(expectedDv * 1.1);
  });

  it('needs at least three sets', () => {
    expect(detectManeuvers(10, syntheticHistory(() => ({ aKm: RE + 500, e: 0, iDeg: 50, raanDeg: 0 }), { days: 1 }))).toEqual([]);
  });
});

/**
 * The demo catalogue hides manoeuvres in its element-set histories and lists them
 * (`maneuvers`): the ground truth. Every history object is checked: each injected burn found
 * once, right type and direction, Δv within 20 %, burn time inside the bracketing epochs; every
 * history without an injected burn gives nothing.
 */
describe('detectManeuvers on the demo catalogue', () => {
  const days = ['2026-11-21T12:00:00Z', '2026-07-01T00:00:00Z', '2025-01-15T06:00:00Z'];
  for (const day of days) {
    it(`finds every injected manoeuvre and nothing else (${day.slice(0, 10)})`, () => {
      const catalog = generateDemoCatalog({ now: utcMs(Date.parse(day)) });
      const histories = new Map<number, ElementSet[]>();
      for (const set of catalog.sets) histories.set(set.norad, [...(histories.get(set.norad) ?? []), set]);
      const truth = new Map<number, InjectedManeuver>(catalog.maneuvers.map((m) => [m.noradId, m]));
      let checked = 0;
      let quiet = 0;
      const relativeErrors: number[] = [];
      for (const [norad, sets] of histories) {
        if (sets.length < 2) continue;
        const found = detectManeuvers(norad, sets);
        const injected = truth.get(norad);
        if (!injected) {
          expect(found, `false detection on ${norad}`).toEqual([]);
          quiet++;
          continue;
        }
        expect(found, `object ${norad}`).toHaveLength(1);
        const m = found[0]!;
        expect(m.noradId).toBe(norad);
        expect(m.maneuverType, `type of ${norad}`).toBe(injected.type);
        expect(m.direction, `direction of ${norad}`).toBe(injected.direction);
        relativeErrors.push(Math.abs(m.deltaV - injected.deltaV) / injected.deltaV);
        expect(Math.abs(m.deltaV - injected.deltaV), `Δv of ${norad}: ${m.deltaV} vs ${injected.deltaV}`).toBeLessThanOrEqual(0.2 * injected.deltaV);
        const before = sets.filter((s) => s.epoch <= injected.time).at(-1)!;
        const after = sets.find((s) => s.epoch > injected.time)!;
        expect(m.maneuverTime).toBeGreaterThanOrEqual(before.epoch);
        expect(m.maneuverTime).toBeLessThanOrEqual(after.epoch);
        expect(m.detectionTime).toBe(after.epoch);
        expect(m.confidence).toBeGreaterThanOrEqual(0.5);
        expect(m.confidence).toBeLessThanOrEqual(1);
        checked++;
      }
      expect(checked).toBe(catalog.maneuvers.length);
      expect(checked).toBeGreaterThan(20);
      expect(quiet).toBeGreaterThan(300);
      relativeErrors.sort((x, y) => x - y);
      // Median Δv error is far under the 20 % bound (0.18 % over 100 demo days, 3,941 burns).
      expect(relativeErrors[relativeErrors.length >> 1]!).toBeLessThan(0.02);
    });
  }
});
