import { eciToEcf, json2satrec, sgp4 } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { OBJECT_CLASS_CODE, type CatalogElements } from '@contracts/catalog-elements.ts';
import { createSgp4 } from '@core/propagation/index.ts';
import {
  canZoomIn,
  canZoomOut,
  countByRegime,
  EARTH_RADIUS_KM,
  elementSetAt,
  fillPointStyles,
  formatScale,
  GEO_MIN_PERIGEE_KM,
  hexToRgb,
  latLonToScene,
  LEO_MAX_PERIGEE_KM,
  MU_KM3_S2,
  ommAt,
  perigeeAltitudeKm,
  pointClass,
  POINT_STYLES,
  regimeOf,
  regimeOrder,
  rotationDegrees,
  SCALE_DEFAULT,
  SCALE_MAX,
  SCALE_MIN,
  stepScale,
  temeToScene,
} from './globe-math';

describe('globe scale (spec §4/§9: 0.5 to 2 by 0.1, reset 1)', () => {
  it('steps by exactly a tenth up to 2 and stops there', () => {
    const seen: number[] = [];
    let s = SCALE_DEFAULT;
    for (let k = 0; k < 12; k++) seen.push((s = stepScale(s, 1)));
    expect(seen).toEqual([1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2, 2, 2]);
    expect(canZoomIn(s)).toBe(false);
    expect(canZoomOut(s)).toBe(true);
  });

  it('steps down to exactly 0.5 and stops there', () => {
    const seen: number[] = [];
    let s = SCALE_DEFAULT;
    for (let k = 0; k < 7; k++) seen.push((s = stepScale(s, -1)));
    expect(seen).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.5]);
    expect(canZoomOut(s)).toBe(false);
    expect(canZoomIn(s)).toBe(true);
  });

  it('never drifts over a long walk, and shows one decimal', () => {
    let s = SCALE_DEFAULT;
    for (let k = 0; k < 100; k++) s = stepScale(s, k % 3 === 0 ? -1 : 1);
    expect(Math.round(s * 10) / 10).toBe(s);
    expect(s).toBeGreaterThanOrEqual(SCALE_MIN);
    expect(s).toBeLessThanOrEqual(SCALE_MAX);
    expect(formatScale(1)).toBe('1.0×');
    expect(formatScale(0.5)).toBe('0.5×');
    expect(formatScale(2)).toBe('2.0×');
  });
});

describe('rotation (spec §4/§9: 1 degree every 100 ms)', () => {
  it('turns 1° per 100 ms, wrapping at 360°', () => {
    expect(rotationDegrees(0)).toBe(0);
    expect(rotationDegrees(100)).toBeCloseTo(1, 12);
    expect(rotationDegrees(1000)).toBeCloseTo(10, 12);
    expect(rotationDegrees(36_000)).toBeCloseTo(0, 9);
    expect(rotationDegrees(36_050)).toBeCloseTo(0.5, 9);
  });
});

/** Mean motion (rev/day) of an orbit with semi-major axis a (km). */
const meanMotionOf = (aKm: number) => (Math.sqrt(MU_KM3_S2 / aKm ** 3) * 86_400) / (2 * Math.PI);

describe('orbit regimes (by perigee altitude)', () => {
  it('inverts Kepler’s third law', () => {
    expect(perigeeAltitudeKm(meanMotionOf(EARTH_RADIUS_KM + 500), 0)).toBeCloseTo(500, 6);
    expect(perigeeAltitudeKm(meanMotionOf(EARTH_RADIUS_KM + 10_000), 0.5)).toBeCloseTo((EARTH_RADIUS_KM + 10_000) * 0.5 - EARTH_RADIUS_KM, 6);
  });

  it('files known orbits where an operator expects them', () => {
    expect(regimeOf(15.5, 0.0005)).toBe('LEO'); // ISS
    expect(regimeOf(14.2, 0.001)).toBe('LEO'); // sun-synchronous, ~800 km
    expect(regimeOf(12.6, 0.0002)).toBe('LEO'); // ~1,300 km (Jason, OneWeb's ~1,200 km)
    expect(regimeOf(2.0056, 0.01)).toBe('MEO'); // GPS
    expect(regimeOf(1.7, 0.001)).toBe('MEO'); // Galileo
    expect(regimeOf(1.0027, 0.0002)).toBe('GEO'); // geostationary
    expect(regimeOf(0.98, 0.003)).toBe('GEO'); // graveyard above GEO
    expect(regimeOf(2.27, 0.73)).toBe('LEO'); // GTO: perigee ~250 km
    expect(regimeOf(2.006, 0.74)).toBe('LEO'); // Molniya: perigee ~500 km
  });

  it('puts the boundaries where documented', () => {
    const at = (perigeeKm: number) => meanMotionOf(EARTH_RADIUS_KM + perigeeKm);
    expect(regimeOf(at(LEO_MAX_PERIGEE_KM - 0.01), 0)).toBe('LEO');
    expect(regimeOf(at(LEO_MAX_PERIGEE_KM + 0.01), 0)).toBe('MEO');
    expect(regimeOf(at(GEO_MIN_PERIGEE_KM - 0.01), 0)).toBe('MEO');
    expect(regimeOf(at(GEO_MIN_PERIGEE_KM + 0.01), 0)).toBe('GEO');
    expect(regimeOf(Number.NaN, 0)).toBe('LEO');
  });

  it('orders the feed LEO, MEO, GEO with ranges that add up', () => {
    const feed = { meanMotion: [1.0027, 15.5, 2.0056, 14.2, 1.0027, 2.27], eccentricity: [0, 0, 0.01, 0, 0, 0.73] };
    const { order, ranges } = regimeOrder(feed);
    expect([...order]).toEqual([1, 3, 5, 2, 0, 4]);
    expect(ranges).toEqual({ LEO: { start: 0, count: 3 }, MEO: { start: 3, count: 1 }, GEO: { start: 4, count: 2 } });
    expect(countByRegime(feed)).toEqual({ LEO: 3, MEO: 1, GEO: 2 });
  });
});

function feedOf(rows: { norad: number; name: string; line: [number, number, number, number, number, number, number, number] }[]): CatalogElements {
  const col = (k: number) => rows.map((r) => r.line[k]!);
  return {
    count: rows.length,
    classes: ['fleet', 'payload', 'rocket_body', 'debris', 'unknown'],
    norad: rows.map((r) => r.norad),
    name: rows.map((r) => r.name),
    cls: rows.map(() => OBJECT_CLASS_CODE.payload),
    type: rows.map(() => OBJECT_CLASS_CODE.payload),
    owners: [],
    owner: rows.map(() => -1),
    epoch: col(0),
    meanMotion: col(1),
    eccentricity: col(2),
    inclination: col(3),
    raan: col(4),
    argPerigee: col(5),
    meanAnomaly: col(6),
    bstar: col(7),
    noSgp4: [],
  };
}

describe('element columns → SGP4', () => {
  // ISS-like LEO and a GEO (deep-space SGP4), TLE-precision values; epochs in whole microseconds.
  const epoch = Date.UTC(2026, 10, 21, 6, 30, 15) + 0.123;
  const feed = feedOf([
    { norad: 25544, name: 'ISS', line: [epoch, 15.50103472, 0.0006703, 51.6416, 247.4627, 130.536, 325.0288, 0.000116] },
    { norad: 40000, name: 'GEO SAT', line: [epoch, 1.00271798, 0.0002156, 0.0512, 85.1234, 270.5, 12.25, 0] },
    { norad: 41000, name: 'MOLNIYA', line: [epoch, 2.00623, 0.7412, 63.4, 120, 270, 10, 0.0001] },
  ]);

  it('gives the worker’s json2satrec the same orbit as the server’s createSgp4 (within 1 m over a day)', () => {
    for (let i = 0; i < feed.count; i++) {
      const worker = json2satrec(ommAt(feed, i), 'i');
      const server = createSgp4(elementSetAt(feed, i)).satrec;
      expect(worker.error).toBe(0);
      for (const minutes of [0, 90, 720, 1440]) {
        const a = sgp4(worker, minutes);
        const b = sgp4(server, minutes);
        if (!a || !b) throw new Error('no position');
        const d = Math.hypot(a.position.x - b.position.x, a.position.y - b.position.y, a.position.z - b.position.z);
        expect(d, `${feed.name[i]} at ${minutes} min`).toBeLessThan(1e-3);
      }
    }
  });

  it('carries every SGP4 input of the feed', () => {
    expect(elementSetAt(feed, 0)).toMatchObject({ norad: 25544, epoch, meanMotion: 15.50103472, eccentricity: 0.0006703, inclination: 51.6416, bstar: 0.000116, ephemerisType: 0 });
    expect(ommAt(feed, 1)).toMatchObject({ NORAD_CAT_ID: 40000, EPOCH: '2026-11-21T06:30:15.000Z', MEAN_MOTION: 1.00271798, RA_OF_ASC_NODE: 85.1234, ARG_OF_PERICENTER: 270.5 });
  });
});

describe('scene frame', () => {
  it('is Earth-fixed (TEME turned by GMST) in Earth radii with Y along the pole', () => {
    const gmst = 1.234;
    const r = { x: 4000, y: -5000, z: 3000 };
    const out = new Float32Array(3);
    temeToScene(r.x, r.y, r.z, Math.cos(gmst), Math.sin(gmst), out, 0);
    const ecf = eciToEcf(r, gmst);
    expect(out[0]).toBeCloseTo(ecf.x / EARTH_RADIUS_KM, 6);
    expect(out[1]).toBeCloseTo(ecf.z / EARTH_RADIUS_KM, 6);
    expect(out[2]).toBeCloseTo(-ecf.y / EARTH_RADIUS_KM, 6);
  });

  it('draws the coastlines in the same axes', () => {
    const out = new Float32Array(3);
    // (lat 0, lon 90°E) is ECEF +y.
    temeToScene(0, EARTH_RADIUS_KM, 0, 1, 0, out, 0);
    const ll = latLonToScene(0, 90);
    [0, 1, 2].forEach((k) => expect(out[k]).toBeCloseTo(ll[k]!, 6));
    expect(latLonToScene(90, 0)[1]).toBeCloseTo(1, 12);
  });
});

describe('colour classes', () => {
  const hio = new Set([2]);
  const conj = new Set([2, 3]);
  it('ranks high interest over conjunction risk over the fleet over the object type', () => {
    expect(pointClass(OBJECT_CLASS_CODE.debris, 2, hio, conj)).toBe('hio');
    expect(pointClass(OBJECT_CLASS_CODE.debris, 3, hio, conj)).toBe('conjunction');
    expect(pointClass(OBJECT_CLASS_CODE.fleet, 4, hio, conj)).toBe('fleet');
    expect(pointClass(OBJECT_CLASS_CODE.payload, 5, hio, conj)).toBe('payload');
    expect(pointClass(OBJECT_CLASS_CODE.rocket_body, 5, hio, conj)).toBe('rocket_body');
    expect(pointClass(OBJECT_CLASS_CODE.unknown, 5, hio, conj)).toBe('unknown');
    expect(pointClass(99, 5, hio, conj)).toBe('unknown');
  });

  it('names the spec legend and makes the highlighted classes bigger', () => {
    expect(POINT_STYLES.payload.label).toBe('Operational Satellites');
    expect(POINT_STYLES.hio.label).toBe('High Interest Objects');
    expect(POINT_STYLES.conjunction.label).toBe('Conjunction Risk');
    expect(POINT_STYLES.debris.label).toBe('Debris');
    for (const big of ['hio', 'conjunction', 'fleet'] as const) {
      for (const small of ['payload', 'rocket_body', 'debris', 'unknown'] as const) expect(POINT_STYLES[big].size).toBeGreaterThan(POINT_STYLES[small].size);
    }
  });

  it('fills the colour and size attributes in draw order', () => {
    const cls = new Uint8Array([OBJECT_CLASS_CODE.debris, OBJECT_CLASS_CODE.fleet, OBJECT_CLASS_CODE.payload]);
    const norad = new Int32Array([2, 10, 11]);
    const colours = new Uint8Array(9);
    const sizes = new Float32Array(3);
    expect(fillPointStyles(cls, norad, hio, conj, colours, sizes)).toBe(2);
    expect([...colours.slice(0, 3)]).toEqual(hexToRgb(POINT_STYLES.hio.colour));
    expect([...colours.slice(3, 6)]).toEqual(hexToRgb(POINT_STYLES.fleet.colour));
    expect([...colours.slice(6, 9)]).toEqual(hexToRgb(POINT_STYLES.payload.colour));
    expect([...sizes]).toEqual([POINT_STYLES.hio.size, POINT_STYLES.fleet.size, POINT_STYLES.payload.size]);
    expect(hexToRgb('#ff8000')).toEqual([255, 128, 0]);
  });
});
