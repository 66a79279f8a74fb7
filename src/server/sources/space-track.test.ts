import { describe, expect, it } from 'vitest';
import { Backoff, SPACE_TRACK_LIMITS, SlidingWindowLimiter, SpaceTrackBackoffError, SpaceTrackClient, type Clock } from './space-track.ts';
import { cdmPublicQueries, uniqueRecords } from './space-track-cdm.ts';

/** A clock that moves only when the limiter sleeps: the times requests would go out at. */
function fakeClock(start = Date.parse('2026-01-01T00:00:00Z')): Clock & { t: number } {
  const clock = {
    t: start,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

/** The most requests in any window of `windowMs` among `times` (sorted). */
function busiest(times: number[], windowMs: number): number {
  let most = 0;
  for (let i = 0; i < times.length; i += 1) most = Math.max(most, times.filter((t) => t >= times[i]! && t < times[i]! + windowMs).length);
  return most;
}

describe('SlidingWindowLimiter', () => {
  it('with Space-Track’s settings, keeps fewer than 30 requests in any minute and 300 in any hour over 600 requests', async () => {
    const clock = fakeClock();
    const limiter = new SlidingWindowLimiter(SPACE_TRACK_LIMITS, clock);
    const times: number[] = [];
    for (let i = 0; i < 600; i += 1) {
      await limiter.acquire();
      times.push(clock.t);
    }
    expect(busiest(times, 60_000)).toBe(25);
    expect(busiest(times, 3_600_000)).toBe(250);
    // 600 requests at 250 an hour: the 501st waits for the second hour's window to pass.
    expect(times[250]! - times[0]!).toBe(3_600_000);
    expect(times[500]! - times[0]!).toBe(7_200_000);
  });

  it('lets the first requests go at once, then waits exactly until the oldest leaves the window', async () => {
    const clock = fakeClock(0);
    const limiter = new SlidingWindowLimiter([{ windowMs: 1_000, max: 3 }], clock);
    const times: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      await limiter.acquire();
      times.push(clock.t);
      clock.t += 10; // the request's own time
    }
    expect(times).toEqual([0, 10, 20, 1_000, 1_010, 1_020, 2_000]);
    // Now 2,010: 1,020 and 2,000 are in the window, a third may go; after it the next waits until 1,020 leaves.
    expect(limiter.delayMs(clock.t)).toBe(0);
    await limiter.acquire();
    expect(limiter.delayMs(clock.t)).toBe(10);
  });

  it('serves concurrent callers one at a time: two cannot take the same last slot', async () => {
    const clock = fakeClock(0);
    const limiter = new SlidingWindowLimiter([{ windowMs: 1_000, max: 2 }], clock);
    const times: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => limiter.acquire().then(() => times.push(clock.t))));
    expect(times).toEqual([0, 0, 1_000, 1_000, 2_000]);
  });
});

describe('Backoff', () => {
  it('doubles from its base at each failure in a row, caps, and jitters half of each delay', () => {
    const at = Date.parse('2026-01-01T12:00:00Z');
    const low = new Backoff({ baseMs: 60_000, capMs: 3_600_000, random: () => 0 });
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => low.failure(429, at).getTime() - at)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, 1_800_000]);
    const high = new Backoff({ baseMs: 60_000, capMs: 3_600_000, random: () => 0.999_999 });
    expect(high.failure(500, at).getTime() - at).toBeCloseTo(60_000, -1);
  });

  it('waits at least what Retry-After asks, is active until its end, and a success ends it', () => {
    const at = 1_000_000;
    const b = new Backoff({ baseMs: 1_000, capMs: 10_000, random: () => 0.5 });
    const until = b.failure(429, at, 120_000);
    expect(until.getTime()).toBe(at + 120_000);
    expect(b.active(at + 119_999)).toEqual({ status: 429, until });
    expect(b.active(at + 120_000)).toBeUndefined();
    b.failure(503, at);
    b.success();
    expect(b.active(at)).toBeUndefined();
    // After a success the next failure starts from the base again.
    expect(b.failure(503, at).getTime() - at).toBe(750);
  });
});

describe('SpaceTrackClient', () => {
  const at = Date.parse('2026-01-01T12:34:10Z');
  function respond(...answers: (() => Response)[]) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = (async (url: URL, init: RequestInit) => {
      calls.push({ url: String(url), init });
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer();
    }) as unknown as typeof globalThis.fetch;
    return { calls, fetch };
  }
  const login = () => new Response('""', { status: 200, headers: { 'set-cookie': 'chocolatechip=abc; path=/; HttpOnly' } });

  it('answers a 429 with a back-off in words, and sends nothing until it ends', async () => {
    const { calls, fetch } = respond(login, () => new Response('{}', { status: 429 }));
    let now = at;
    const client = new SpaceTrackClient({ baseUrl: 'https://st.example', identity: 'ops', password: 'hunter2', fetch, now: () => now, limiter: new SlidingWindowLimiter([{ windowMs: 1, max: 1_000 }]), backoff: new Backoff({ baseMs: 60_000, capMs: 3_600_000, random: () => 1 }) });
    const error = await client.query('/q').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpaceTrackBackoffError);
    expect((error as Error).message).toBe('Backing off after HTTP 429 until 12:35 UTC');
    expect(client.backoffStatus()).toBe('Backing off after HTTP 429 until 12:35 UTC');
    now = at + 30_000;
    await expect(client.query('/q')).rejects.toThrow('Backing off after HTTP 429 until 12:35 UTC');
    expect(calls).toHaveLength(2);
    // The password went in the login's form body only.
    expect(calls[0]!.init.body).toBe('identity=ops&password=hunter2');
    expect(JSON.stringify(client)).toBe('{"baseUrl":"https://st.example","identity":"ops"}');
  });

  it('sends a request once more when a kept-alive connection turns out closed (fetch failed), through the limiter', async () => {
    const { calls, fetch } = respond(
      login,
      () => {
        throw new TypeError('fetch failed', { cause: new Error('other side closed') });
      },
      () => new Response('[]', { status: 200 }),
    );
    const clock = fakeClock(at);
    const limiter = new SlidingWindowLimiter([{ windowMs: 60_000, max: 25 }], clock);
    const client = new SpaceTrackClient({ baseUrl: 'https://st.example', identity: 'ops', password: 'x', fetch, now: () => at, limiter });
    expect(await client.query('/q')).toBe('[]');
    expect(calls.map((c) => c.url)).toEqual(['https://st.example/ajaxauth/login', 'https://st.example/q', 'https://st.example/q']);
    expect(limiter.delayMs(clock.t)).toBe(0);
  });

  it('names the day when the back-off ends on another one', async () => {
    const { fetch } = respond(login, () => new Response('', { status: 503, headers: { 'retry-after': String(24 * 3600) } }));
    const client = new SpaceTrackClient({ baseUrl: 'https://st.example', identity: 'ops', password: 'x', fetch, now: () => at, limiter: new SlidingWindowLimiter([{ windowMs: 1, max: 1_000 }]) });
    await expect(client.query('/q')).rejects.toThrow('Backing off after HTTP 503 until 2026-01-02 12:34 UTC');
  });
});

describe('cdm_public queries', () => {
  it('asks for the fleet as SAT_1_ID and as SAT_2_ID, in chunks, with the TCA ahead', () => {
    expect(cdmPublicQueries([25994, 20580, 25994, 27424], 2)).toEqual([
      '/basicspacedata/query/class/cdm_public/SAT_1_ID/20580,25994/TCA/%3Enow/orderby/CDM_ID%20asc/format/json',
      '/basicspacedata/query/class/cdm_public/SAT_1_ID/27424/TCA/%3Enow/orderby/CDM_ID%20asc/format/json',
      '/basicspacedata/query/class/cdm_public/SAT_2_ID/20580,25994/TCA/%3Enow/orderby/CDM_ID%20asc/format/json',
      '/basicspacedata/query/class/cdm_public/SAT_2_ID/27424/TCA/%3Enow/orderby/CDM_ID%20asc/format/json',
    ]);
  });

  it('keeps each CDM_ID once across answers, and every record without one', () => {
    expect(uniqueRecords([[{ CDM_ID: '1' }, { CDM_ID: '2' }, 42], [{ CDM_ID: 1 }, { CDM_ID: '3' }, 42]])).toEqual([{ CDM_ID: '1' }, { CDM_ID: '2' }, 42, { CDM_ID: '3' }, 42]);
  });
});
