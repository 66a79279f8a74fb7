import { describe, expect, it } from 'vitest';
import type { ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import { altitudeKm, compareConjunctions, conjunctionOf, encounter, projectionPoints, type EventDetails } from './views.ts';

// Two LEO objects crossing at right angles, 200 m apart radially.
const details: EventDetails = {
  tcaMs: Date.parse('2026-11-23T14:03:12Z'),
  hbrM: 20,
  covariance: 'default',
  sigmaM: null,
  primary: {
    name: 'OFEQ-16',
    objectType: 'payload',
    owner: 'ISRA',
    cosparId: '2020-044A',
    r: [6828.137, 0, 0],
    v: [0, 7.64, 0],
    sigmasM: { radialM: 100, inTrackM: 2000, crossTrackM: 150 },
    orbit: { perigeeAltitudeKm: 440, apogeeAltitudeKm: 460, eccentricity: 0.0015, inclinationDeg: 143 },
    epochMs: 0,
  },
  secondary: {
    name: 'COSMOS 1408 DEB',
    objectType: 'debris',
    owner: 'CIS',
    cosparId: null,
    r: [6828.337, 0, 0],
    v: [0, 0, 7.64],
    sigmasM: { radialM: 100, inTrackM: 3000, crossTrackM: 150 },
    orbit: { perigeeAltitudeKm: 430, apogeeAltitudeKm: 480, eccentricity: 0.003, inclinationDeg: 82 },
    epochMs: 0,
  },
};

function row(extra: Partial<ConjunctionEventRow> = {}): ConjunctionEventRow {
  return {
    id: 4,
    conjunctionId: 'CNJ-2026-004',
    primaryNorad: 190016,
    secondaryNorad: 13552,
    tca: new Date(details.tcaMs),
    missKm: 0.2,
    radialKm: 0.2,
    inTrackKm: 0,
    crossTrackKm: 0,
    relativeVelocityKmS: 10.8,
    pc: 2.5e-5,
    maxPc: 1e-4,
    riskLevel: 'high',
    source: 'screening',
    pc2d: 2.5e-5,
    pc3d: null,
    pcMethod: 'pc2d',
    status: 'open',
    closeReason: null,
    alertStatus: 'new',
    assignee: null,
    decision: null,
    firstDetected: new Date('2026-11-21T12:00:00Z'),
    lastUpdated: new Date('2026-11-21T12:15:00Z'),
    lastRunId: 1,
    details,
    cdmKvn: 'CCSDS_CDM_VERS = 1.0',
    cdmGeneratedAt: new Date('2026-11-21T12:00:00Z'),
    ...extra,
  };
}

describe('operations views', () => {
  it('maps a stored event to the API conjunction (metres, 1:N, CDM link), names as stored when the catalogue has none', () => {
    const c = conjunctionOf(row(), () => undefined);
    expect(c).toMatchObject({
      conjunctionId: 'CNJ-2026-004',
      riskLevel: 'high',
      status: 'open',
      primaryObject: { noradId: 190016, name: 'OFEQ-16', objectType: 'payload', owner: 'ISRA' },
      secondaryObject: { noradId: 13552, name: 'COSMOS 1408 DEB', objectType: 'debris', owner: 'CIS' },
      tca: '2026-11-23T14:03:12.000Z',
      missDistance: 200,
      radial: 200,
      probability: 40_000,
      cdmUrl: '/api/conjunctions/cdm/CNJ-2026-004',
    });
    // A Pc of 0 (or one that underflowed) has N at the floor of 1e-30: 1e30, never null (issue 27).
    expect(conjunctionOf(row({ pc: 0, cdmKvn: null }), () => undefined)).toMatchObject({ probability: 1e30, cdmUrl: null });
    expect(conjunctionOf(row({ pc: 2.7e-314, cdmKvn: null }), () => undefined)).toMatchObject({ probability: 1e30 });
  });

  it('orders conjunctions by risk, then TCA', () => {
    const a = conjunctionOf(row({ id: 1, riskLevel: 'low' }), () => undefined);
    const b = conjunctionOf(row({ id: 2, riskLevel: 'critical', tca: new Date(details.tcaMs + 1000) }), () => undefined);
    const c = conjunctionOf(row({ id: 3, riskLevel: 'critical' }), () => undefined);
    expect([a, b, c].sort(compareConjunctions).map((x) => x.id)).toEqual([3, 2, 1]);
  });

  it('computes the encounter-plane sigma and the projection points (smaller sigma nearer TCA)', () => {
    const now = encounter({ ...details.primary, sigmasM: details.primary.sigmasM! }, { ...details.secondary, sigmasM: details.secondary.sigmasM! }, 20)!;
    expect(now.pc).toBeGreaterThan(0);
    expect(now.sigmaM).toBeGreaterThan(100);
    const points = projectionPoints(details, 0.2);
    expect(points.map((p) => [p.hoursToTca, p.kind, p.missDistance])).toEqual([
      [-24, 'projection', 200],
      [-12, 'projection', 200],
      [-6, 'projection', 200],
      [0, 'projection', 200],
    ]);
    const sigmas = points.map((p) => p.sigma!);
    expect(sigmas[0]).toBeGreaterThan(sigmas[1]!);
    expect(sigmas[2]).toBeGreaterThan(sigmas[3]!);
    for (const p of points) expect(p.probability).toBeGreaterThan(0);
  });

  it('gives the height above the ellipsoid of a TEME position', () => {
    expect(altitudeKm([6828.137, 0, 0])).toBeCloseTo(450, 3);
  });
});
