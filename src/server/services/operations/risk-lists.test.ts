import { describe, expect, it } from 'vitest';
import type { ApproachRecord } from '../../../core/operations/index.ts';
import { storedApproaches } from './risk-lists.ts';

const record: ApproachRecord = {
  primaryName: 'OFEQ-16',
  primaryNorad: 45918,
  primaryCategory: 'military',
  secondaryNorad: 44878,
  secondaryName: 'COSMOS 2542',
  secondaryObjectType: 'payload',
  secondaryOwner: 'CIS',
  secondaryRcsSize: 'MEDIUM',
  tcaMs: Date.parse('2026-11-23T04:05:06Z'),
  missKm: 61.2,
  relativeVelocityKmS: 0.8,
};

describe('storedApproaches (screening_runs.adversary_approaches read back)', () => {
  it('returns the records a run stored, through JSON', () => {
    expect(storedApproaches(JSON.parse(JSON.stringify([record])))).toEqual([record]);
  });

  it('reads nothing from a run that stored none (older rows: null)', () => {
    expect(storedApproaches(null)).toEqual([]);
    expect(storedApproaches(undefined)).toEqual([]);
    expect(storedApproaches({})).toEqual([]);
  });

  it('leaves out records of another shape instead of trusting them', () => {
    const { missKm: _miss, ...noMiss } = record;
    const stored = [record, noMiss, { ...record, tcaMs: '2026-11-23' }, { ...record, secondaryOwner: 7 }, null, 'x'];
    expect(storedApproaches(stored)).toEqual([record]);
  });

  it('keeps a record without the optional primary fields', () => {
    const { primaryNorad: _n, primaryCategory: _c, ...minimal } = record;
    expect(storedApproaches([minimal])).toEqual([{ ...minimal, primaryNorad: undefined, primaryCategory: null }]);
  });
});
