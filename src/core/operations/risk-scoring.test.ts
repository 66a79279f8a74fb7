import { describe, expect, it } from 'vitest';
import {
  ADVERSARY_BASE_RISK,
  adversaryInfoFor,
  adversaryLevel,
  adversaryRisk,
  type ApproachRecord,
  buildAdversaryItems,
  buildDebrisItems,
  closenessFactor,
  dayFromNow,
  DEBRIS_SIZE_FACTOR,
  debrisLevel,
  debrisRisk,
  debrisSizeOf,
  debrisTypeOf,
  isDebrisCardPrimary,
  topByRisk,
} from './risk-scoring.ts';

// Expected values are worked by hand from product spec §9 (constants) and §4 (levels).
describe('adversary scoring (product spec §9, §4)', () => {
  it('keeps the spec base risks', () => {
    expect(ADVERSARY_BASE_RISK).toEqual({ electronic_warfare: 35, signals_intelligence: 28, reconnaissance: 22, other: 15 });
  });

  it('closeness factor: 2 at 0 km, 1.9 at 10 km, 1.5 at 50 km, 1 at 100 km and beyond (our choice)', () => {
    expect(closenessFactor(0)).toBe(2);
    expect(closenessFactor(10)).toBeCloseTo(1.9, 12);
    expect(closenessFactor(50)).toBeCloseTo(1.5, 12);
    expect(closenessFactor(100)).toBe(1);
    expect(closenessFactor(250)).toBe(1);
    expect(() => closenessFactor(-1)).toThrow(RangeError);
    expect(() => closenessFactor(Number.NaN)).toThrow(RangeError);
  });

  it('electronic warfare ×1.8 at 10 km: 35 × 1.8 × 1.9 = 119.7 → capped 89, critical', () => {
    expect(adversaryRisk({ missKm: 10, mission: 'electronic_warfare', multiplier: 1.8 })).toEqual({ risk: 89, level: 'critical' });
  });

  it('signals intelligence ×1.5 at 60 km: 28 × 1.5 × 1.4 = 58.8, high', () => {
    expect(adversaryRisk({ missKm: 60, mission: 'signals_intelligence', multiplier: 1.5 })).toEqual({ risk: 58.8, level: 'high' });
  });

  it('reconnaissance ×1.3 at 50 km: 22 × 1.3 × 1.5 = 42.9, medium', () => {
    expect(adversaryRisk({ missKm: 50, mission: 'reconnaissance', multiplier: 1.3 })).toEqual({ risk: 42.9, level: 'medium' });
  });

  it('reconnaissance ×1.0 at 90 km: 22 × 1.1 = 24.2, low', () => {
    expect(adversaryRisk({ missKm: 90, mission: 'reconnaissance', multiplier: 1.0 })).toEqual({ risk: 24.2, level: 'low' });
  });

  it('other (and an unknown mission) ×0.9 at 100 km: 15 × 0.9 = 13.5, low', () => {
    expect(adversaryRisk({ missKm: 100, mission: 'other', multiplier: 0.9 })).toEqual({ risk: 13.5, level: 'low' });
    expect(adversaryRisk({ missKm: 100, mission: 'space_tug', multiplier: 0.9 })).toEqual({ risk: 13.5, level: 'low' });
    expect(adversaryRisk({ missKm: 100, mission: 'toString', multiplier: 0.9 })).toEqual({ risk: 13.5, level: 'low' });
  });

  it('levels: above 70 critical, above 45 high, above 25 medium, else low (bounds exclusive)', () => {
    expect(adversaryLevel(70.1)).toBe('critical');
    expect(adversaryLevel(70)).toBe('high');
    expect(adversaryLevel(45.1)).toBe('high');
    expect(adversaryLevel(45)).toBe('medium');
    expect(adversaryLevel(25.1)).toBe('medium');
    expect(adversaryLevel(25)).toBe('low');
    expect(adversaryLevel(0)).toBe('low');
  });

  it('adversary info: named adversaries carry their mission and multiplier; other adversary-owned objects 1.0, other', () => {
    expect(adversaryInfoFor(44797, true)).toEqual({ mission: 'reconnaissance', multiplier: 1.8 }); // COSMOS 2542
    expect(adversaryInfoFor(40258, false)).toEqual({ mission: 'signals_intelligence', multiplier: 1.5 }); // LUCH (OLYMP-K)
    expect(adversaryInfoFor(61072, true)).toEqual({ mission: 'other', multiplier: 0.9 }); // CHAMRAN-1
    expect(adversaryInfoFor(99999, true)).toEqual({ mission: 'other', multiplier: 1.0 });
    expect(adversaryInfoFor(99999, false)).toBeUndefined();
  });
});

describe('debris scoring (product spec §9, §4)', () => {
  it('keeps the spec size factors', () => {
    expect(DEBRIS_SIZE_FACTOR).toEqual({ large: 1.8, medium: 1.4, fragment: 2.2 });
  });

  it('0.8 km fragment: (15 + 40) × 2.2 = 121 → capped 95, critical', () => {
    expect(debrisRisk({ missKm: 0.8, size: 'fragment' })).toEqual({ risk: 95, level: 'critical' });
  });

  it('2.5 km medium: (15 + 15) × 1.4 = 42, medium', () => {
    expect(debrisRisk({ missKm: 2.5, size: 'medium' })).toEqual({ risk: 42, level: 'medium' });
  });

  it('1.5 km large: (15 + 25) × 1.8 = 72, high; 0.5 km medium: 55 × 1.4 = 77, critical', () => {
    expect(debrisRisk({ missKm: 1.5, size: 'large' })).toEqual({ risk: 72, level: 'high' });
    expect(debrisRisk({ missKm: 0.5, size: 'medium' })).toEqual({ risk: 77, level: 'critical' });
  });

  it('distance bonuses are for "under" 1/2/3 km: exactly 1 km gets +25, exactly 3 km gets nothing', () => {
    expect(debrisRisk({ missKm: 1, size: 'medium' })).toEqual({ risk: 56, level: 'high' }); // 40 × 1.4
    expect(debrisRisk({ missKm: 2, size: 'medium' })).toEqual({ risk: 42, level: 'medium' }); // 30 × 1.4
    expect(debrisRisk({ missKm: 2.9, size: 'large' })).toEqual({ risk: 54, level: 'high' }); // 30 × 1.8
    expect(debrisRisk({ missKm: 3, size: 'medium' })).toEqual({ risk: 21, level: 'low' }); // 15 × 1.4
    expect(debrisRisk({ missKm: 3, size: 'fragment' })).toEqual({ risk: 33, level: 'medium' }); // 15 × 2.2
    expect(debrisRisk({ missKm: 4, size: 'large' })).toEqual({ risk: 27, level: 'medium' }); // 15 × 1.8
  });

  it('levels: above 75 critical, above 50 high, above 25 medium, else low (bounds exclusive)', () => {
    expect(debrisLevel(75.1)).toBe('critical');
    expect(debrisLevel(75)).toBe('high');
    expect(debrisLevel(50.1)).toBe('high');
    expect(debrisLevel(50)).toBe('medium');
    expect(debrisLevel(25.1)).toBe('medium');
    expect(debrisLevel(25)).toBe('low');
  });

  it('debris types of real secondaries', () => {
    expect(debrisTypeOf({ objectType: 'rocket_body', name: 'SL-16 R/B' })).toBe('rocket_body');
    expect(debrisTypeOf({ objectType: 'debris', name: 'COSMOS 1408 DEB' })).toBe('fragment');
    expect(debrisTypeOf({ objectType: 'debris', name: 'fengyun 1c deb' })).toBe('fragment');
    expect(debrisTypeOf({ objectType: 'debris', name: 'SL-8 PLATFORM' })).toBe('mission_debris');
    expect(debrisTypeOf({ objectType: 'debris', name: 'ARIANE 44L+ SHROUD' })).toBe('mission_debris');
    expect(debrisTypeOf({ objectType: 'payload', name: 'COSMOS 1000', operational: false })).toBe('defunct_satellite');
    expect(debrisTypeOf({ objectType: 'payload', name: 'STARLINK-1007', operational: true })).toBeNull();
    expect(debrisTypeOf({ objectType: 'payload', name: 'STARLINK-1007' })).toBeNull(); // unknown status: not debris
    expect(debrisTypeOf({ objectType: 'unknown', name: 'OBJECT A' })).toBeNull();
  });

  it('size classes: fragment whatever its RCS; LARGE or rocket body → large; else medium', () => {
    expect(debrisSizeOf({ debrisType: 'fragment', rcsSize: 'LARGE' })).toBe('fragment');
    expect(debrisSizeOf({ debrisType: 'rocket_body', rcsSize: 'SMALL' })).toBe('large');
    expect(debrisSizeOf({ debrisType: 'rocket_body', rcsSize: null })).toBe('large');
    expect(debrisSizeOf({ debrisType: 'mission_debris', rcsSize: 'LARGE' })).toBe('large');
    expect(debrisSizeOf({ debrisType: 'defunct_satellite', rcsSize: 'large' })).toBe('large');
    expect(debrisSizeOf({ debrisType: 'defunct_satellite', rcsSize: 'MEDIUM' })).toBe('medium');
    expect(debrisSizeOf({ debrisType: 'mission_debris', rcsSize: 'SMALL' })).toBe('medium');
    expect(debrisSizeOf({ debrisType: 'mission_debris', rcsSize: null })).toBe('medium');
  });

  it('debris card primaries: military, or OFEQ/OFEK in the name (any case)', () => {
    expect(isDebrisCardPrimary('TECSAR', 'military')).toBe(true);
    expect(isDebrisCardPrimary('Ofeq-16', null)).toBe(true);
    expect(isDebrisCardPrimary('OFEK 5', 'scientific')).toBe(true);
    expect(isDebrisCardPrimary('EROS B', 'commercial')).toBe(false);
  });
});

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

function approach(overrides: Partial<ApproachRecord>): ApproachRecord {
  return {
    primaryName: 'OFEQ-16',
    primaryNorad: 190016,
    primaryCategory: 'military',
    secondaryNorad: 44797,
    secondaryName: 'COSMOS 2542',
    secondaryObjectType: 'payload',
    secondaryOwner: 'CIS',
    secondaryRcsSize: 'MEDIUM',
    tcaMs: NOW + 1.5 * DAY,
    missKm: 20,
    relativeVelocityKmS: 11.2,
    ...overrides,
  };
}

describe('building the cards', () => {
  it('dayFromNow = floor((tca − now) / day)', () => {
    expect(dayFromNow(NOW, NOW)).toBe(0);
    expect(dayFromNow(NOW + DAY - 1, NOW)).toBe(0);
    expect(dayFromNow(NOW + DAY, NOW)).toBe(1);
    expect(dayFromNow(NOW + 2 * DAY - 1, NOW)).toBe(1);
  });

  it('adversary items from real approaches', () => {
    const info = (norad: number, a: ApproachRecord) => adversaryInfoFor(norad, ['CIS', 'IRAN'].includes(a.secondaryOwner ?? ''));
    const items = buildAdversaryItems(
      [
        approach({}), // COSMOS 2542: 22 × 1.8 × 1.8 = 71.28 → 71.3 critical
        approach({ secondaryNorad: 40258, secondaryName: 'LUCH (OLYMP-K)', missKm: 60, tcaMs: NOW + 2 * DAY }), // 28 × 1.5 × 1.4 = 58.8 high
        approach({ secondaryNorad: 70001, secondaryName: 'COSMOS 9999', missKm: 30, tcaMs: NOW + 3 * DAY + 5 }), // 15 × 1.0 × 1.7 = 25.5 medium
        approach({ secondaryNorad: 25544, secondaryName: 'ISS (ZARYA)', secondaryOwner: 'ISS' }), // not an adversary
        approach({ tcaMs: NOW - 1 }), // passed
      ],
      info,
      NOW,
    );
    expect(items).toEqual([
      {
        id: 'adv-190016-44797-' + (NOW + 1.5 * DAY),
        israeliSatellite: 'OFEQ-16',
        israeliNoradId: 190016,
        objectName: 'COSMOS 2542',
        noradId: 44797,
        time: '2026-11-23T00:00:00.000Z',
        minimumDistance: 20,
        risk: 71.3,
        threatLevel: 'critical',
        relativeVelocity: 11.2,
        dayFromNow: 1,
        type: 'reconnaissance',
      },
      expect.objectContaining({ noradId: 40258, risk: 58.8, threatLevel: 'high', dayFromNow: 2, type: 'signals_intelligence' }),
      expect.objectContaining({ noradId: 70001, risk: 25.5, threatLevel: 'medium', dayFromNow: 3, type: 'other' }),
    ]);
  });

  it('debris items only for military or OFEQ-named primaries, only for debris secondaries', () => {
    const items = buildDebrisItems(
      [
        approach({ secondaryNorad: 50001, secondaryName: 'COSMOS 1408 DEB', secondaryObjectType: 'debris', secondaryRcsSize: 'SMALL', missKm: 0.8 }), // 95 critical
        approach({ primaryName: 'TECSAR', primaryNorad: 190101, secondaryNorad: 50002, secondaryName: 'SL-16 R/B', secondaryObjectType: 'rocket_body', missKm: 1.5 }), // 72 high
        approach({ primaryName: 'Ofek 7', primaryNorad: undefined, primaryCategory: null, secondaryNorad: 50003, secondaryName: 'SL-8 PLATFORM', secondaryObjectType: 'debris', missKm: 2.5 }), // 42 medium
        approach({ secondaryNorad: 50004, secondaryName: 'COSMOS 1000', secondaryObjectType: 'payload', secondaryOperational: false, secondaryRcsSize: 'LARGE', missKm: 3.5 }), // 15 × 1.8 = 27 medium
        approach({ primaryName: 'EROS B', primaryCategory: 'commercial', secondaryNorad: 50005, secondaryName: 'X DEB', secondaryObjectType: 'debris', missKm: 0.5 }), // not covered
        approach({ secondaryNorad: 50006, secondaryName: 'STARLINK-1', secondaryObjectType: 'payload', missKm: 0.5 }), // operational unknown
        approach({ secondaryNorad: 50007, secondaryName: 'OBJECT A', secondaryObjectType: 'unknown', missKm: 0.5 }),
        approach({ secondaryNorad: 50008, secondaryName: 'Y DEB', secondaryObjectType: 'debris', missKm: 0.5, tcaMs: NOW - 1 }), // passed
      ],
      NOW,
    );
    expect(items.map((i) => [i.israeliSatellite, i.noradId, i.risk, i.threatLevel, i.type])).toEqual([
      ['OFEQ-16', 50001, 95, 'critical', 'fragment'],
      ['TECSAR', 50002, 72, 'high', 'rocket_body'],
      ['Ofek 7', 50003, 42, 'medium', 'mission_debris'],
      ['OFEQ-16', 50004, 27, 'medium', 'defunct_satellite'],
    ]);
    expect(items[2]?.id).toBe(`deb-Ofek 7-50003-${NOW + 1.5 * DAY}`);
  });

  it('topByRisk: 8 by default, descending risk, ties by earlier time', () => {
    const at = (h: number) => new Date(NOW + h * 3_600_000).toISOString();
    const items = [10, 20, 30, 40, 50, 60, 70, 80, 90, 5].map((risk, i) => ({ id: `i${i}`, risk, time: at(i) }));
    items.push({ id: 'early', risk: 50, time: at(-1) });
    const top = topByRisk(items);
    expect(top).toHaveLength(8);
    expect(top.map((t) => t.id)).toEqual(['i8', 'i7', 'i6', 'i5', 'early', 'i4', 'i3', 'i2']);
    expect(topByRisk(items, 2).map((t) => t.risk)).toEqual([90, 80]);
    expect(topByRisk([], 8)).toEqual([]);
  });
});
