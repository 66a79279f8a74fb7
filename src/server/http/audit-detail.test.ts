import { describe, expect, it } from 'vitest';
import { storable } from './access.ts';

/** A value nested `depth` arrays deep around `leaf`, built without recursion. */
function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i += 1) v = [v];
  return v;
}

// Issue 30 item 2: the audit's copy of a write's detail, bounded and iterative.
describe('storable (the audit row’s detail)', () => {
  it('copies a body nested 10,000 deep without overflowing the stack, cut at 8 levels', () => {
    const kept = storable({ thresholdKm: nested(10_000, 5) }) as { thresholdKm: unknown };
    const json = JSON.stringify(kept);
    expect(json).toBe(`{"thresholdKm":${'['.repeat(7)}"[cut: nested deeper than 8 levels]"${']'.repeat(7)}}`);
  });

  it('keeps the first 50 entries of an array or object, in order, and at most 1,000 values', () => {
    const keys = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const kept = storable({ list: Array.from({ length: 80 }, (_, i) => i), keys }) as { list: number[]; keys: Record<string, number> };
    expect(kept.list).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(Object.keys(kept.keys)).toEqual(Array.from({ length: 50 }, (_, i) => `k${i}`));
    // 50 arrays of 50 numbers: 2,551 values; the first 1,000 are kept, the rest said cut.
    const wide = storable(Array.from({ length: 50 }, () => Array.from({ length: 50 }, () => 1))) as unknown[][];
    expect(wide[0]).toEqual(Array.from({ length: 50 }, () => 1));
    expect(wide[49]).toEqual('[cut: more than 1000 values]');
    expect(JSON.stringify(wide).match(/1(?=[,\]])/g)?.length).toBe(1000 - 1 - 20);
  });

  it('replaces NUL and lone surrogates, which jsonb refuses, and cuts text at 500 characters', () => {
    expect(storable({ 'a\u0000': ['x\u0000y', '\uD800z', 'ok 😀', 'w'.repeat(600)] })).toEqual({ 'a\uFFFD': ['x\uFFFDy', '\uFFFDz', 'ok 😀', 'w'.repeat(500)] });
    expect(storable(null)).toBeNull();
    expect(storable(12)).toBe(12);
  });
});
