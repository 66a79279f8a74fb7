import { describe, expect, it } from 'vitest';
import {
  anomalyScore,
  approachSignal,
  assessmentReason,
  classify,
  type ClassificationConfig,
  compareThreatLevel,
  DEFAULT_ADVERSARY_OWNERS,
  maneuverSignal,
  normalizeOwner,
  orbitRegimeOf,
  recentlyManoeuvred,
  regimeChange,
  relativeSpeedFactor,
  threatLevel,
  threatSummary,
} from './threat.ts';

const config: ClassificationConfig = { fleetOwners: ['ISRA'], allies: ['US', 'fr'], adversaries: ['RU', 'IR'] };

describe('classify (DECISIONS.md §7)', () => {
  it('fleet owner and allies are cooperative', () => {
    expect(classify('ISRA', config)).toBe('cooperative');
    expect(classify('IL', config)).toBe('cooperative'); // alias of ISRA
    expect(classify('US', config)).toBe('cooperative');
    expect(classify('FR', config)).toBe('cooperative'); // config lists are case-insensitive
  });

  it('adversary owners, with the aliases RU → CIS and IR → IRAN on either side', () => {
    expect(classify('CIS', config)).toBe('adversary');
    expect(classify('RU', config)).toBe('adversary');
    expect(classify('IRAN', config)).toBe('adversary');
    expect(classify(' iran ', config)).toBe('adversary');
    expect(classify('IR', config)).toBe('adversary');
    const satcat = { ...config, adversaries: DEFAULT_ADVERSARY_OWNERS };
    expect(DEFAULT_ADVERSARY_OWNERS).toEqual(['CIS', 'IRAN']);
    expect(classify('RU', satcat)).toBe('adversary');
    expect(classify('IRAN', satcat)).toBe('adversary');
  });

  it('known other owners are non-cooperative', () => {
    expect(classify('PRC', config)).toBe('non_cooperative');
    expect(classify('CN', config)).toBe('non_cooperative');
    expect(classify('ESA', config)).toBe('non_cooperative');
  });

  it('no owner, TBD and UNK are other', () => {
    expect(classify(null, config)).toBe('other');
    expect(classify(undefined, config)).toBe('other');
    expect(classify('  ', config)).toBe('other');
    expect(classify('TBD', config)).toBe('other');
    expect(classify('unk', config)).toBe('other');
  });

  it('a fleet member is cooperative whatever its owner', () => {
    expect(classify('ESA', config, true)).toBe('cooperative');
    expect(classify(null, config, true)).toBe('cooperative');
  });

  it('normalises owners', () => {
    expect(normalizeOwner(' ru ')).toBe('CIS');
    expect(normalizeOwner('ir')).toBe('IRAN');
    expect(normalizeOwner('')).toBeNull();
  });
});

describe('orbit regime', () => {
  it('reuses the probability module regimes', () => {
    expect(orbitRegimeOf(400, 420)).toBe('LEO');
    expect(orbitRegimeOf(35_780, 35_790)).toBe('GEO');
    expect(orbitRegimeOf(20_000, 20_300)).toBe('MEO');
    expect(regimeChange({ perigeeKm: 400, apogeeKm: 420 }, { perigeeKm: 300, apogeeKm: 35_800 })).toEqual({ from: 'LEO', to: 'GTO', changed: true });
    expect(regimeChange({ perigeeKm: 400, apogeeKm: 420 }, { perigeeKm: 500, apogeeKm: 520 }).changed).toBe(false);
  });
});

describe('anomalyScore (our weights)', () => {
  it('nothing happened: 0, no reasons', () => {
    expect(anomalyScore({ maneuvers: [], fleetApproaches: [], regimeChanged: false })).toEqual({ score: 0, reasons: [] });
  });

  it('a proximity with a fleet satellite (rendezvous and proximity operation): 0.9, first reason, and an adversary becomes critical', () => {
    const r = anomalyScore({ maneuvers: [], fleetApproaches: [], regimeChanged: false, proximities: [{ primaryName: 'OFEQ-16', kind: 'proximity_operation', minKm: 0.8 }] });
    expect(r.score).toBeCloseTo(0.9, 12);
    expect(r.reasons).toEqual(['rendezvous and proximity operation: in proximity operations with OFEQ-16 (closest 0.8 km)']);
    expect(threatLevel('adversary', r.score, 'payload')).toBe('critical');
    const both = anomalyScore({ maneuvers: [{ deltaV: 8, ageDays: 3 }], fleetApproaches: [], regimeChanged: false, proximities: [{ kind: 'attached', minKm: 0.2 }, { kind: 'formation', minKm: 1.5 }] });
    expect(both.reasons[0]).toBe('rendezvous and proximity operation: attached to a fleet satellite (closest 0.2 km) (+ 1 more)');
    expect(both.score).toBeGreaterThan(0.9);
  });

  it('a manoeuvre of 8 m/s 3 days ago: 0.6 × (1 − e^−1.6) × 0.9 = 0.43098', () => {
    const r = anomalyScore({ maneuvers: [{ deltaV: 8, ageDays: 3.4 }], fleetApproaches: [], regimeChanged: false });
    expect(maneuverSignal({ deltaV: 8, ageDays: 3 })).toBeCloseTo(0.4309759, 6);
    expect(r.reasons).toEqual(['manoeuvred 8.0 m/s 3 days ago']);
  });

  it('manoeuvres older than 30 days, or of no Δv, count for nothing; recency is linear', () => {
    expect(maneuverSignal({ deltaV: 8, ageDays: 30 })).toBe(0);
    expect(maneuverSignal({ deltaV: 8, ageDays: 31 })).toBe(0);
    expect(maneuverSignal({ deltaV: 0, ageDays: 1 })).toBe(0);
    expect(maneuverSignal({ deltaV: 5, ageDays: 15 })).toBeCloseTo(0.6 * (1 - Math.exp(-1)) * 0.5, 12); // 0.18964
    expect(maneuverSignal({ deltaV: 5, ageDays: -1 })).toBeCloseTo(0.6 * (1 - Math.exp(-1)), 12); // future age → 0
    const r = anomalyScore({ maneuvers: [{ deltaV: 8, ageDays: 40 }], fleetApproaches: [], regimeChanged: false });
    expect(r).toEqual({ score: 0, reasons: [] });
  });

  it('approaches: 0.9 at 0 km, 0.5 at 5 km, 0.3 just beyond, 0.15 at 52.5 km, 0 at 100 km and beyond', () => {
    expect(approachSignal(0)).toBeCloseTo(0.9, 12);
    expect(approachSignal(2.5)).toBeCloseTo(0.7, 12);
    expect(approachSignal(5)).toBeCloseTo(0.5, 12);
    expect(approachSignal(5.000001)).toBeCloseTo(0.3, 6);
    expect(approachSignal(52.5)).toBeCloseTo(0.15, 12);
    expect(approachSignal(100)).toBe(0);
    expect(approachSignal(150)).toBe(0);
  });

  it('combines as 1 − Π(1 − s): manoeuvre 0.43098, 42 km 0.18316, regime 0.5 → 0.76760', () => {
    const r = anomalyScore({
      maneuvers: [{ deltaV: 8, ageDays: 3 }],
      fleetApproaches: [{ missKm: 42, primaryName: 'OFEQ-16', tcaMs: Date.UTC(2026, 10, 23, 5, 30) }, { missKm: 140 }],
      regimeChanged: true,
      regimeFrom: 'LEO',
      regimeTo: 'MEO',
    });
    expect(r.score).toBeCloseTo(0.7675986, 6);
    expect(r.reasons).toEqual(['manoeuvred 8.0 m/s 3 days ago', '42 km from OFEQ-16 on Nov 23', 'changed orbit regime (LEO → MEO)']);
  });

  it('names the largest of several manoeuvres and the closest of several approaches', () => {
    const r = anomalyScore({
      maneuvers: [{ deltaV: 0.4, ageDays: 0.5 }, { deltaV: 12.25, ageDays: 1 }, { deltaV: 3, ageDays: 20 }],
      fleetApproaches: [{ missKm: 80 }, { missKm: 3.21 }],
      regimeChanged: true,
    });
    expect(r.reasons).toEqual([
      'manoeuvred 3 times in 30 days, largest 12.3 m/s 1 day ago',
      '3.2 km from a fleet satellite (+ 1 more within 100 km)',
      'changed orbit regime',
    ]);
  });

  it('saturates at 1', () => {
    const r = anomalyScore({ maneuvers: Array.from({ length: 20 }, () => ({ deltaV: 50, ageDays: 0 })), fleetApproaches: [{ missKm: 0 }], regimeChanged: true });
    expect(r.score).toBeLessThanOrEqual(1);
    expect(r.score).toBeGreaterThan(0.999);
  });

  it('counts only the strongest approach: many chance passes weigh no more than the closest', () => {
    const one = anomalyScore({ maneuvers: [], fleetApproaches: [{ missKm: 13 }], regimeChanged: false });
    const many = anomalyScore({ maneuvers: [], fleetApproaches: [{ missKm: 13 }, ...Array.from({ length: 6 }, () => ({ missKm: 60 }))], regimeChanged: false });
    expect(many.score).toBeCloseTo(one.score, 12);
    expect(one.score).toBeCloseTo(0.3 * (1 - 8 / 95), 12);
  });

  it('weighs approaches by relative speed: 1 to 1 km/s, 0.3 from 10 km/s, linear between', () => {
    expect(relativeSpeedFactor(undefined)).toBe(1);
    expect(relativeSpeedFactor(0.05)).toBe(1);
    expect(relativeSpeedFactor(1)).toBe(1);
    expect(relativeSpeedFactor(5.5)).toBeCloseTo(0.65, 12);
    expect(relativeSpeedFactor(10)).toBe(0.3);
    expect(relativeSpeedFactor(14.8)).toBe(0.3);
    // A 2.1 km crossing at 14 km/s: (0.5 + 0.4 × 0.58) × 0.3 = 0.2196 — an adversary's satellite stays 'medium'.
    const crossing = anomalyScore({ maneuvers: [], fleetApproaches: [{ missKm: 2.1, relativeVelocityKmS: 14 }], regimeChanged: false });
    expect(crossing.score).toBeCloseTo(0.2196, 12);
    expect(threatLevel('adversary', crossing.score, 'payload')).toBe('medium');
    // The same distance at 50 m/s (station-keeping beside a fleet satellite): 0.732 → critical.
    const shadowing = anomalyScore({ maneuvers: [], fleetApproaches: [{ missKm: 2.1, relativeVelocityKmS: 0.05 }], regimeChanged: false });
    expect(shadowing.score).toBeCloseTo(0.732, 12);
    expect(threatLevel('adversary', shadowing.score, 'payload')).toBe('critical');
  });
});

describe('threatLevel (our table)', () => {
  it.each([
    ['adversary', 1, 'critical'],
    ['adversary', 0.6, 'critical'],
    ['adversary', 0.59, 'high'],
    ['adversary', 0.3, 'high'],
    ['adversary', 0.29, 'medium'],
    ['adversary', 0, 'medium'],
    ['non_cooperative', 0.7, 'high'],
    ['non_cooperative', 0.69, 'medium'],
    ['non_cooperative', 0.4, 'medium'],
    ['non_cooperative', 0.39, 'low'],
    ['other', 0.7, 'medium'],
    ['other', 0.69, 'low'],
    ['cooperative', 1, 'low'],
    ['cooperative', 0, 'low'],
  ] as const)('%s at %d → %s', (classification, score, level) => {
    expect(threatLevel(classification, score)).toBe(level);
  });

  it.each([
    ['debris', 0, 'low'],
    ['debris', 0.79, 'high'],
    ['rocket_body', 0.5, 'medium'],
    ['payload', 0, 'medium'],
    ['payload', 0.79, 'critical'],
  ] as const)("an adversary's %s at %d → %s (inert objects take the non-cooperative row)", (objectType, score, level) => {
    expect(threatLevel('adversary', score, objectType)).toBe(level);
  });

  it('orders levels critical, high, medium, low', () => {
    expect((['low', 'critical', 'medium', 'high'] as const).slice().sort(compareThreatLevel)).toEqual(['critical', 'high', 'medium', 'low']);
  });
});

describe('assessmentReason', () => {
  it('builds the sentence from classification, owner, mission and reasons', () => {
    expect(
      assessmentReason({
        classification: 'adversary',
        owner: 'CIS',
        mission: 'reconnaissance',
        reasons: ['manoeuvred 8.0 m/s 3 days ago', '42 km from OFEQ-16 on Nov 23'],
      }),
    ).toBe('Adversary (CIS) reconnaissance satellite; manoeuvred 8.0 m/s 3 days ago; 42 km from OFEQ-16 on Nov 23');
  });

  it('without reasons, for other kinds and object types', () => {
    expect(assessmentReason({ classification: 'non_cooperative', owner: 'PRC', objectType: 'rocket_body', reasons: [] })).toBe(
      'Non-cooperative (PRC) rocket body; no manoeuvre, fleet approach or regime change in the last 30 days',
    );
    expect(assessmentReason({ classification: 'other', owner: null, objectType: 'debris', reasons: ['changed orbit regime'] })).toBe(
      'Unknown-owner debris object; changed orbit regime',
    );
    expect(assessmentReason({ classification: 'adversary', owner: 'IRAN', mission: 'other', reasons: ['changed orbit regime'] })).toBe(
      'Adversary (IRAN) satellite; changed orbit regime',
    );
    expect(assessmentReason({ classification: 'cooperative', owner: 'ISRA', mission: 'signals_intelligence', reasons: [] })).toMatch(
      /^Cooperative \(ISRA\) signals intelligence satellite; /,
    );
  });
});

describe('threatSummary', () => {
  it('counts classifications, recent manoeuvres and anomalous objects', () => {
    const now = Date.UTC(2026, 10, 21);
    const day = 86_400_000;
    const recent = recentlyManoeuvred(
      [
        { satelliteId: 1, timeMs: now - 2 * day },
        { satelliteId: 1, timeMs: now - 5 * day },
        { satelliteId: 2, timeMs: now - 30 * day }, // exactly 30 days: counts
        { satelliteId: 3, timeMs: now - 30 * day - 1 }, // too old
        { satelliteId: 4, timeMs: now + 1 }, // after now
      ],
      now,
    );
    expect([...recent].sort()).toEqual([1, 2]);
    const summary = threatSummary(
      [
        { satelliteId: 1, classification: 'adversary', anomalyScore: 0.7 },
        { satelliteId: 2, classification: 'adversary', anomalyScore: 0.5 },
        { satelliteId: 3, classification: 'cooperative', anomalyScore: 0.9 },
        { satelliteId: 4, classification: 'non_cooperative', anomalyScore: 0.49 },
        { satelliteId: 5, classification: 'non_cooperative', anomalyScore: 0 },
        { satelliteId: 6, classification: 'other', anomalyScore: 0.1 },
      ],
      recent,
    );
    expect(summary).toEqual({
      totalObjects: 6,
      cooperativeObjects: 1,
      nonCooperativeObjects: 2,
      unknownObjects: 1,
      adversaryObjects: 2,
      recentManeuvers: 2,
      anomalousObjects: 3,
    });
  });
});
