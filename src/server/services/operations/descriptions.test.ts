import { describe, expect, it } from 'vitest';
import { alertUpdatedText, catalogUpdateText, cdmGeneratedText, demoCatalogText, distanceText, maneuverText, newObjectsText, oddsText, utcText } from './descriptions.ts';

const tca = Date.UTC(2026, 10, 23, 14, 3, 12, 400);
const c = { conjunctionId: 'CNJ-2026-004', primaryName: 'OFEQ-16', secondaryName: 'COSMOS 1408 DEB', tcaMs: tca, missKm: 0.4123, pc: 2.5e-5, riskLevel: 'high' };

describe('operations event descriptions', () => {
  it('formats times, distances and odds', () => {
    expect(utcText(tca)).toBe('14:03:12 UTC Nov 23');
    expect(distanceText(0.4123)).toBe('412 m');
    expect(distanceText(4.9999)).toBe('5,000 m');
    expect(distanceText(42.25)).toBe('42.3 km');
    expect(oddsText(2.5e-5)).toBe('1:40,000');
    expect(oddsText(0)).toBe('1:∞');
  });

  it('describes a level change and a new conjunction', () => {
    expect(alertUpdatedText(c, 'medium')).toBe('CNJ-2026-004: OFEQ-16 × COSMOS 1408 DEB, risk MEDIUM → HIGH, miss 412 m at 14:03:12 UTC Nov 23');
    expect(alertUpdatedText(c, null)).toBe('CNJ-2026-004: OFEQ-16 × COSMOS 1408 DEB, risk NONE → HIGH, miss 412 m at 14:03:12 UTC Nov 23');
  });

  it('describes a CDM, a manoeuvre and catalogue ingestions', () => {
    expect(cdmGeneratedText(c)).toBe('CNJ-2026-004: CDM generated, OFEQ-16 × COSMOS 1408 DEB, risk HIGH, Pc 1:40,000, miss 412 m at 14:03:12 UTC Nov 23');
    expect(maneuverText({ name: 'COSMOS 2558', noradId: 53323, maneuverType: 'orbit_raising', deltaV: 1.234, maneuverTimeMs: tca, confidence: 0.937 })).toBe(
      'COSMOS 2558 (53323): orbit raising, Δv 1.23 m/s at 14:03:12 UTC Nov 23, confidence 94%',
    );
    expect(demoCatalogText(50_000, 56_123)).toBe('Demo catalogue generated: 50,000 objects, 56,123 element sets');
    expect(catalogUpdateText('active.txt', 1, 0, 0)).toBe('Catalogue update from active.txt: 1 new element set');
    expect(catalogUpdateText('active.txt', 120, 3, 1)).toBe('Catalogue update from active.txt: 120 new element sets (3 already known, 1 rejected)');
    expect(newObjectsText('x.tle', 5, ['A', 'B', 'C', 'D', 'E'])).toBe('5 new objects in the catalogue from x.tle: A, B, C and 2 more');
  });
});
