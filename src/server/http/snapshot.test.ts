import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { replaceSnapshot, snapshotOf, VersionedSnapshot } from './snapshot.ts';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('snapshots', () => {
  it('serialise once with a quoted sha1 base64url ETag (RFC 9110 §8.8.3 entity tag)', () => {
    const s = snapshotOf([{ a: 1 }]);
    expect(s.json).toBe('[{"a":1}]');
    expect(s.etag).toBe(`"${createHash('sha1').update('[{"a":1}]').digest('base64url')}"`);
  });

  it('keep the previous snapshot when the content is unchanged', () => {
    const a = snapshotOf({ x: 1 });
    expect(replaceSnapshot(a, { x: 1 })).toBe(a);
    expect(replaceSnapshot(a, { x: 2 }).etag).not.toBe(a.etag);
  });
});

describe('VersionedSnapshot', () => {
  it('builds once per version and shares a running build', async () => {
    const cache = new VersionedSnapshot<number[]>();
    let builds = 0;
    const gate = deferred<number[]>();
    const build = () => {
      builds += 1;
      return gate.promise;
    };
    const first = cache.get('v1', build);
    const second = cache.get('v1', build);
    gate.resolve([1]);
    expect(await first).toBe(await second);
    expect(await cache.get('v1', build)).toBe(await first);
    expect(builds).toBe(1);
    expect(cache.latestVersion).toBe('v1');
  });

  it('forgets a failed build, and keeps the same snapshot for a new version with the same content', async () => {
    const cache = new VersionedSnapshot<string>();
    await expect(cache.get('v1', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    const one = await cache.get('v1', () => 'a');
    const two = await cache.get('v2', () => 'a');
    expect(two).toBe(one);
    expect(cache.getSync('v3', () => 'b').json).toBe('"b"');
    expect(cache.getSync('v3', () => 'c').json).toBe('"b"');
  });

  it('does not let an older build that finishes late replace a newer one', async () => {
    const cache = new VersionedSnapshot<string>();
    const slow = deferred<string>();
    const older = cache.get('v1', () => slow.promise);
    const newer = await cache.get('v2', () => 'new');
    slow.resolve('old');
    expect((await older).body).toBe('old');
    expect(cache.latest).toBe(newer);
    expect(cache.latestVersion).toBe('v2');
  });
});
