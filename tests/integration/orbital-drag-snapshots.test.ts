import { describe, expect, it } from 'vitest';
import { DensityProfileResponse, NrlmsiseRealResponse, PredictionsResponse, RealtimeResponse, SpaceWeatherForecastResponse } from '../../src/contracts/orbital-drag.ts';
import { READING_PLACES_KEPT } from '../../src/server/services/orbital-drag-service.ts';
import { seedDemoCatalog, useTestApp } from './support/app.ts';

// The Orbital Drag page's polls answer from snapshots on their own clocks (issue 15 item 7): each with
// its ETag (304 when the client has it), the body as the contract's serializer writes it, the time the
// start of its UTC minute (hour for the decay forecast); readings one snapshot per place; answers for an
// explicit time computed as before.

const server = useTestApp({
  name: 'drag-snapshots',
  env: { DEMO_CATALOG: 'off' },
  prepare: (ctx) => seedDemoCatalog(ctx, 200),
});

const POLLED = [
  { url: '/api/orbital-drag/realtime', schema: RealtimeResponse, time: (b: RealtimeResponse) => b.lastUpdate, periodMs: 60_000 },
  { url: '/api/orbital-drag/space-weather', schema: SpaceWeatherForecastResponse, time: (b: SpaceWeatherForecastResponse) => b.timestamp, periodMs: 60_000 },
  { url: '/api/orbital-drag/predictions', schema: PredictionsResponse, time: (b: PredictionsResponse) => b.generated, periodMs: 3_600_000 },
  { url: '/api/orbital-drag/density-profile', schema: DensityProfileResponse, time: (b: DensityProfileResponse) => b.timestamp, periodMs: 60_000 },
  { url: '/api/orbital-drag/nrlmsise-real?lat=32&lon=35&alt=450', schema: NrlmsiseRealResponse, time: (b: NrlmsiseRealResponse) => b.timestamp, periodMs: 60_000 },
] as const;

describe('the Orbital Drag page’s polled endpoints', () => {
  it.each(POLLED)('$url answers a snapshot with its ETag, 304 for it, for the start of its period', async ({ url, schema, time, periodMs }) => {
    const first = await server.app.inject({ url });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The body as the route's serializer would have written it: the contract's encoding of itself.
    const body = first.json();
    expect(first.body).toBe(JSON.stringify((schema as typeof RealtimeResponse).encode(body)));
    expect(Date.parse(time(schema.parse(body) as never)) % periodMs).toBe(0);

    const again = await server.app.inject({ url, headers: { 'if-none-match': etag } });
    if (again.statusCode === 200) {
      // The period turned between the two requests: a new body, a new ETag.
      expect(again.headers.etag).not.toBe(etag);
    } else {
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('keeps one reading snapshot per place and answers an explicit time as computed for it', async () => {
    const places = Array.from({ length: READING_PLACES_KEPT + 2 }, (_, i) => `lat=${i}&lon=35&alt=400`);
    for (const q of places) expect((await server.app.inject({ url: `/api/orbital-drag/nrlmsise-real?${q}` })).statusCode).toBe(200);
    const a = await server.app.inject({ url: '/api/orbital-drag/nrlmsise-real?lat=3&lon=35&alt=400' });
    const b = await server.app.inject({ url: '/api/orbital-drag/nrlmsise-real?lat=3&lon=35&alt=400' });
    if (a.headers.etag === b.headers.etag) expect(b.body).toBe(a.body);
    expect(NrlmsiseRealResponse.parse(a.json()).location).toEqual({ lat: 3, lon: 35, alt_km: 400 });

    const at = await server.app.inject({ url: '/api/orbital-drag/nrlmsise-real?lat=0&lon=0&alt=400&time=2026-03-21T12:00:30.250Z' });
    expect(at.statusCode).toBe(200);
    expect(at.headers.etag).toBeUndefined();
    expect(NrlmsiseRealResponse.parse(at.json()).timestamp).toBe('2026-03-21T12:00:30.250Z');
    const profile = await server.app.inject({ url: '/api/orbital-drag/density-profile?lat=10' });
    expect(profile.headers.etag).toBeUndefined();
    expect(DensityProfileResponse.parse(profile.json()).location).toEqual({ lat: 10, lon: 35 });
  });

  it('builds the answers anew for a new catalogue at once', async () => {
    const before = RealtimeResponse.parse((await server.app.inject({ url: '/api/orbital-drag/realtime' })).json());
    const fleet = server.ctx.services.catalog.fleet();
    server.ctx.services.catalog.setFleet({ owners: [], noradIds: [fleet[0]!.object.noradId] });
    const after = RealtimeResponse.parse((await server.app.inject({ url: '/api/orbital-drag/realtime' })).json());
    expect(after.drag_data.length).toBeLessThanOrEqual(1);
    expect(before.drag_data.length).toBeGreaterThan(1);
  });
});
