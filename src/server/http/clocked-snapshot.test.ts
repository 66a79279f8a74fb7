import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClockedSnapshot } from './clocked-snapshot.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 4, 1, 12, 0, 30);

describe('ClockedSnapshot', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function clocked(options: { idleMs?: number } = {}) {
    let dataVersion = 1;
    const builds: { start: number; data: number; at: number }[] = [];
    const snapshot = new ClockedSnapshot<number, { start: number; data: number }>({
      periodMs: MINUTE,
      leadMs: 5_000,
      inputs: async () => ({ version: String(dataVersion), value: dataVersion }),
      build: (start, data) => {
        builds.push({ start, data, at: Date.now() });
        return { start, data };
      },
      ...options,
    });
    return { snapshot, builds, setData: (v: number) => (dataVersion = v) };
  }

  it('builds the first period on demand, then each next one before it starts, so requests copy a prebuilt body', async () => {
    const { snapshot, builds } = clocked();
    const first = await snapshot.get();
    expect(first.body).toEqual({ start: Date.UTC(2026, 4, 1, 12, 0), data: 1 });
    expect(builds).toHaveLength(1);
    expect(snapshot.active).toBe(true);
    // 5 s before 12:01 the timer builds 12:01's body; requests until 12:01 still get 12:00's.
    await vi.advanceTimersByTimeAsync(25_000);
    expect(builds.map((b) => [b.start, b.at])).toEqual([
      [Date.UTC(2026, 4, 1, 12, 0), T0],
      [Date.UTC(2026, 4, 1, 12, 1), Date.UTC(2026, 4, 1, 12, 0, 55)],
    ]);
    expect(await snapshot.get()).toBe(first);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await snapshot.get()).body.start).toBe(Date.UTC(2026, 4, 1, 12, 1));
    expect(builds).toHaveLength(2);
    // The same content keeps the same snapshot and so the same ETag.
    expect(first.etag).toMatch(/^"[\w-]+"$/);
  });

  it('builds at once for new inputs (an import), and serves that from then on', async () => {
    const { snapshot, builds, setData } = clocked();
    await snapshot.get();
    setData(2);
    const [a, b] = await Promise.all([snapshot.get(), snapshot.get()]);
    expect(a).toBe(b);
    expect(a.body.data).toBe(2);
    expect(builds).toHaveLength(2);
  });

  it('stops its timer after idleMs without a request, and starts it again with the next', async () => {
    const { snapshot, builds } = clocked({ idleMs: 2 * MINUTE });
    await snapshot.get();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(snapshot.active).toBe(false);
    // Ticks while asked for within 2 min: 12:01 and 12:02 built ahead, then none.
    expect(builds.map((b) => new Date(b.start).toISOString().slice(11, 16))).toEqual(['12:00', '12:01', '12:02']);
    await snapshot.get();
    expect(snapshot.active).toBe(true);
    snapshot.stop();
    expect(snapshot.active).toBe(false);
  });

  it('reports a failed timer build and tries again on the next request', async () => {
    const errors: unknown[] = [];
    let fail = false;
    const snapshot = new ClockedSnapshot<null, number>({
      periodMs: MINUTE,
      leadMs: 5_000,
      inputs: async () => ({ version: 'v', value: null }),
      build: (start) => {
        if (fail) throw new Error('model failed');
        return start;
      },
      onError: (error) => errors.push(error),
    });
    await snapshot.get();
    fail = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(errors).toHaveLength(1);
    fail = false;
    expect((await snapshot.get()).body).toBe(Date.UTC(2026, 4, 1, 12, 1));
    snapshot.stop();
  });

  it('refuses a lead as long as the period', () => {
    expect(() => new ClockedSnapshot({ periodMs: MINUTE, leadMs: MINUTE, inputs: async () => ({ version: '', value: 0 }), build: () => 0 })).toThrow(RangeError);
  });
});
