import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IsraeliSatellitesResponse } from '../../contracts/satellites.ts';
import { parseElementSets } from '../../core/elements/index.ts';
import { createSgp4, subPointAt } from '../../core/propagation/index.ts';
import { utcMs } from '../../core/units.ts';
import type { CatalogEntry, CatalogService } from './catalog-service.ts';
import { FleetViews, POSITIONS_PERIOD_MS } from './fleet-views.ts';

const [iss] = parseElementSets(`ISS (ZARYA)
1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927
2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537`).sets;

function entry(norad: number, name: string): CatalogEntry {
  const set = { ...iss!, norad, name };
  return {
    object: { noradId: norad, name, cosparId: '1998-067A', objectType: 'payload', owner: 'ISRA', category: 'military', description: 'test', rcsM2: 10, rcsSize: null, massKg: 400 } as CatalogEntry['object'],
    set,
    setSource: 'demo',
    model: createSgp4(set),
  };
}

/** The part of CatalogService the views read. */
function catalogue(entries: CatalogEntry[]) {
  const state = { entries, changeCount: 1 };
  const catalog = {
    get changeCount() {
      return state.changeCount;
    },
    fleet: () => [...state.entries].sort((a, b) => a.object.name.localeCompare(b.object.name)),
  } as unknown as CatalogService;
  return { catalog, state };
}

const T0 = Date.UTC(2008, 8, 21, 12, 0, 0, 400);

describe('FleetViews', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves positions of the current second, built ahead of each second while polled, in the contract shape', async () => {
    const { catalog } = catalogue([entry(90002, 'OFEQ-B'), entry(90001, 'OFEQ-A')]);
    const views = new FleetViews(catalog);
    const first = await views.positions();
    const second = Math.floor(T0 / POSITIONS_PERIOD_MS) * POSITIONS_PERIOD_MS;
    expect(IsraeliSatellitesResponse.parse(first.body)).toEqual(first.body);
    expect(first.body.map((s) => s.name)).toEqual(['OFEQ-A', 'OFEQ-B']);
    expect(Object.keys(first.body[0]!)).toEqual(Object.keys(IsraeliSatellitesResponse.element.shape));
    expect(first.body[0]!.currentPosition.timestamp).toBe(new Date(second).toISOString());
    const at = subPointAt(entry(90001, 'x').model!, utcMs(second));
    if (!at.ok) throw new Error('SGP4 failed');
    expect(first.body[0]!.currentPosition.latitude).toBe(at.point.latitude.toFixed(4));
    // Within the second: the same snapshot. The next second's is ready when it starts.
    expect(await views.positions()).toBe(first);
    await vi.advanceTimersByTimeAsync(POSITIONS_PERIOD_MS);
    const next = await views.positions();
    expect(next.body[0]!.currentPosition.timestamp).toBe(new Date(second + POSITIONS_PERIOD_MS).toISOString());
    expect(next.etag).not.toBe(first.etag);
    views.stop();
  });

  it('shows a catalogue change (a new fleet) in the next answer', async () => {
    const { catalog, state } = catalogue([entry(90001, 'OFEQ-A')]);
    const views = new FleetViews(catalog);
    expect((await views.positions()).body).toHaveLength(1);
    state.entries = [entry(90001, 'OFEQ-A'), entry(90003, 'OFEQ-C')];
    state.changeCount += 1;
    expect((await views.positions()).body.map((s) => s.id)).toEqual([90001, 90003]);
    views.stop();
  });
});
