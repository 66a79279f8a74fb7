import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { replaceSnapshot, snapshotOf } from './snapshot.ts';

describe('snapshots', () => {
  it('serialise once with a quoted sha1 base64url ETag', () => {
    const s = snapshotOf([{ a: 1 }]);
    expect(s.json).toBe('[{"a":1}]');
    expect(s.etag).toBe(`"${createHash('sha1').update('[{"a":1}]').digest('base64url')}"`);
    expect(s.body).toEqual([{ a: 1 }]);
  });

  it('keep the previous snapshot (and its ETag) while the content is the same', () => {
    const first = snapshotOf({ n: 1 });
    expect(replaceSnapshot(first, { n: 1 })).toBe(first);
    const next = replaceSnapshot(first, { n: 2 });
    expect(next).not.toBe(first);
    expect(next.etag).not.toBe(first.etag);
    expect(replaceSnapshot(undefined, { n: 1 }).etag).toBe(first.etag);
  });
});
