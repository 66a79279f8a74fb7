import { describe, expect, it } from 'vitest';
import {
  conjunctionIdFor,
  DEFAULT_TCA_MATCH_TOLERANCE_MS,
  type EventEstimate,
  type EventRiskLevel,
  isAlert,
  reconcile,
  type StoredEvent,
} from './conjunction-events.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 12);
const WINDOW = { startMs: NOW, endMs: NOW + 7 * DAY };

interface Estimate extends EventEstimate {
  note: string;
}

let nextId = 1;
function stored(tcaMs: number, riskLevel: EventRiskLevel = 'medium', extra: Partial<StoredEvent> = {}): StoredEvent {
  const id = nextId++;
  return { id, conjunctionId: conjunctionIdFor(2026, id), primary: 190016, secondary: 44797, tcaMs, missKm: 1.2, pc: 1e-6, riskLevel, cdmGenerated: false, ...extra };
}
function estimate(tcaMs: number, riskLevel: EventRiskLevel = 'medium', extra: Partial<Estimate> = {}): Estimate {
  return { primary: 190016, secondary: 44797, tcaMs, missKm: 1.1, pc: 2e-6, maxPc: 1e-4, riskLevel, note: 'payload', ...extra };
}

describe('reconcile', () => {
  it('creates events for approaches with no open event, in TCA order, passing their payload through', () => {
    const late = estimate(NOW + 2 * DAY, 'low', { secondary: 2 });
    const early = estimate(NOW + DAY, 'high');
    const r = reconcile([], [late, early], WINDOW, NOW, 'high');
    expect(r.created).toEqual([early, late]);
    expect(r.created[0]).toBe(early);
    expect(r.created[0]?.note).toBe('payload');
    expect(r.updated).toEqual([]);
    expect(r.closed).toEqual([]);
  });

  it('updates a matched event, reporting a level change and the alert crossing', () => {
    const event = stored(NOW + DAY, 'medium');
    const est = estimate(NOW + DAY + 30_000, 'high');
    const r = reconcile([event], [est], WINDOW, NOW, 'high');
    expect(r.created).toEqual([]);
    expect(r.closed).toEqual([]);
    expect(r.updated).toEqual([{ event, estimate: est, levelChanged: true, crossedAlert: true }]);
  });

  it('reports the alert crossing once only: not again after the CDM was generated', () => {
    const event = stored(NOW + DAY, 'high', { cdmGenerated: true });
    const r = reconcile([event], [estimate(NOW + DAY - 45_000, 'critical')], WINDOW, NOW, 'high');
    expect(r.updated[0]).toMatchObject({ levelChanged: true, crossedAlert: false });
    const same = reconcile([event], [estimate(NOW + DAY, 'high')], WINDOW, NOW, 'high');
    expect(same.updated[0]).toMatchObject({ levelChanged: false, crossedAlert: false });
  });

  it('a level below the alert level does not cross it; the alert level may be critical', () => {
    const event = stored(NOW + DAY, 'low');
    expect(reconcile([event], [estimate(NOW + DAY, 'medium')], WINDOW, NOW, 'high').updated[0]).toMatchObject({ levelChanged: true, crossedAlert: false });
    expect(reconcile([event], [estimate(NOW + DAY, 'high')], WINDOW, NOW, 'critical').updated[0]).toMatchObject({ crossedAlert: false });
    expect(reconcile([event], [estimate(NOW + DAY, 'critical')], WINDOW, NOW, 'critical').updated[0]).toMatchObject({ crossedAlert: true });
  });

  it('closes an event whose TCA has passed', () => {
    const event = stored(NOW - MIN);
    const r = reconcile([event], [], WINDOW, NOW, 'high');
    expect(r.closed).toEqual([{ event, reason: 'tca_passed' }]);
  });

  it('closes an event inside the window that the run no longer finds', () => {
    const event = stored(NOW + 2 * DAY);
    const r = reconcile([event], [], WINDOW, NOW, 'high');
    expect(r.closed).toEqual([{ event, reason: 'not_found' }]);
  });

  it('keeps an event beyond the window, or too near its edge to tell', () => {
    const beyond = stored(NOW + 8 * DAY);
    const nearEnd = stored(WINDOW.endMs - 5 * MIN);
    const nearStart = stored(WINDOW.startMs + 5 * MIN);
    const r = reconcile([beyond, nearEnd, nearStart], [], WINDOW, NOW, 'high');
    expect(r).toEqual({ created: [], updated: [], closed: [] });
    const inside = stored(WINDOW.endMs - DEFAULT_TCA_MATCH_TOLERANCE_MS);
    expect(reconcile([inside], [], WINDOW, NOW, 'high').closed).toEqual([{ event: inside, reason: 'not_found' }]);
  });

  it('matches within the tolerance (10 minutes, inclusive) and not beyond it', () => {
    expect(DEFAULT_TCA_MATCH_TOLERANCE_MS).toBe(600_000);
    const event = stored(NOW + DAY);
    const atEdge = estimate(NOW + DAY + 10 * MIN);
    expect(reconcile([event], [atEdge], WINDOW, NOW, 'high').updated).toHaveLength(1);
    const beyond = estimate(NOW + DAY - 10 * MIN - 1);
    const r = reconcile([event], [beyond], WINDOW, NOW, 'high');
    expect(r.updated).toEqual([]);
    expect(r.created).toEqual([beyond]);
    expect(r.closed).toEqual([{ event, reason: 'not_found' }]);
    const wider = reconcile([event], [beyond], WINDOW, NOW, 'high', 11 * MIN);
    expect(wider.updated).toHaveLength(1);
  });

  it('matches only the same pair of objects', () => {
    const event = stored(NOW + DAY);
    const other = estimate(NOW + DAY, 'medium', { secondary: 12345 });
    const swapped = estimate(NOW + DAY, 'medium', { primary: 44797, secondary: 190016 });
    const r = reconcile([event], [other, swapped], WINDOW, NOW, 'high');
    expect(r.updated).toEqual([]);
    expect(r.created).toHaveLength(2);
    expect(r.closed).toEqual([{ event, reason: 'not_found' }]);
  });

  it('pairs events and estimates one to one, closest TCAs first', () => {
    const a = stored(NOW + DAY);
    const b = stored(NOW + DAY + 8 * MIN);
    const e1 = estimate(NOW + DAY + MIN);
    const e2 = estimate(NOW + DAY + 9 * MIN);
    const r = reconcile([b, a], [e2, e1], WINDOW, NOW, 'high');
    expect(r.updated.map((u) => [u.event.id, u.estimate.tcaMs])).toEqual([
      [a.id, e1.tcaMs],
      [b.id, e2.tcaMs],
    ]);
    expect(r.created).toEqual([]);
  });

  it('closes a matched event whose new TCA has passed, and never creates a passed approach', () => {
    const event = stored(NOW + MIN);
    const r = reconcile([event], [estimate(NOW - MIN), estimate(NOW - DAY, 'high', { secondary: 7 })], WINDOW, NOW, 'high');
    expect(r.closed).toEqual([{ event, reason: 'tca_passed' }]);
    expect(r.updated).toEqual([]);
    expect(r.created).toEqual([]);
  });

  it('rejects a reversed window or a negative tolerance', () => {
    expect(() => reconcile([], [], { startMs: NOW + 1, endMs: NOW }, NOW, 'high')).toThrow(RangeError);
    expect(() => reconcile([], [], WINDOW, NOW, 'high', -1)).toThrow(RangeError);
  });
});

describe('isAlert', () => {
  it.each([
    ['critical', 'high', true],
    ['high', 'high', true],
    ['medium', 'high', false],
    ['low', 'high', false],
    ['critical', 'critical', true],
    ['high', 'critical', false],
  ] as const)('%s at alert level %s → %s', (level, alertLevel, expected) => {
    expect(isAlert(level, alertLevel)).toBe(expected);
  });
});

describe('conjunctionIdFor', () => {
  it("pads to three digits like the spec's CNJ-2024-001 and grows past 999", () => {
    expect(conjunctionIdFor(2024, 1)).toBe('CNJ-2024-001');
    expect(conjunctionIdFor(2026, 42)).toBe('CNJ-2026-042');
    expect(conjunctionIdFor(2026, 999)).toBe('CNJ-2026-999');
    expect(conjunctionIdFor(2026, 1000)).toBe('CNJ-2026-1000');
    expect(conjunctionIdFor(2026, 123456)).toBe('CNJ-2026-123456');
  });

  it('rejects a sequence below 1 or not whole', () => {
    expect(() => conjunctionIdFor(2026, 0)).toThrow(RangeError);
    expect(() => conjunctionIdFor(2026, 1.5)).toThrow(RangeError);
    expect(() => conjunctionIdFor(2026.5, 1)).toThrow(RangeError);
  });
});
