import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../catalog-service.ts';
import { ingestionEvents } from './ingestion-events.ts';

const now = new Date('2026-11-22T00:00:00Z');
const report = (r: Partial<ImportReport>): ImportReport => ({ format: 'tle', records: 0, objectsAdded: 0, setsAdded: 0, duplicates: 0, rejected: 0, rejections: [], ...r });
const nameOf = (norad: number) => `OBJ ${norad}`;

describe('ingestionEvents (DECISIONS.md §5: radar_update and launch_detected from catalogue ingestion)', () => {
  it('announces the demo catalogue as one radar_update', () => {
    const events = ingestionEvents({ kind: 'demo', report: report({ objectsAdded: 50_000, setsAdded: 61_000 }), now }, nameOf);
    expect(events.map((e) => e.eventType)).toEqual(['radar_update']);
    expect(events[0]?.timestamp).toBe(now);
  });

  it('gives a radar_update for added sets and a launch_detected naming the one new object', () => {
    const events = ingestionEvents({ kind: 'import', source: 'import', label: 'file upload', report: report({ setsAdded: 3, duplicates: 1 }), newNoradIds: [99_001], now }, nameOf);
    expect(events.map((e) => e.eventType)).toEqual(['radar_update', 'launch_detected']);
    expect(events[1]?.noradId).toBe(99_001);
    expect(events[1]?.description).toContain('OBJ 99001');
  });

  it('names no single object when several are new, and says nothing for an import that added no sets', () => {
    const several = ingestionEvents({ kind: 'import', source: 'import', label: 'x', report: report({ setsAdded: 2 }), newNoradIds: [1, 2], now }, nameOf);
    expect(several[1]?.noradId).toBeNull();
    expect(ingestionEvents({ kind: 'import', source: 'import', label: 'x', report: report({ duplicates: 5 }), newNoradIds: [], now }, nameOf)).toEqual([]);
  });

  it('never reads a SATCAT import (metadata) as a launch', () => {
    const events = ingestionEvents({ kind: 'import', source: 'satcat', label: 'SATCAT', report: report({ format: 'satcat', setsAdded: 0 }), newNoradIds: [7], now }, nameOf);
    expect(events).toEqual([]);
  });
});
