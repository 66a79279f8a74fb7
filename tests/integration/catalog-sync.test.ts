/**
 * Several servers on one database (issue 13 item 3): an import made by one server reaches the
 * other's in-memory catalogue (CatalogService.syncWithDatabase, called before claimed runs and
 * every minute), and a server's own imports do not make it reload everything again. Two
 * CatalogService instances on one database stand for two servers; the element sets are two real
 * ones of the 2023-10-09 catalogue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { CatalogRepository } from '../../src/server/repositories/catalog-repository.ts';
import { CatalogService } from '../../src/server/services/catalog-service.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

const silent = { info() {}, warn() {} };
const NOW = new Date('2023-10-09T12:00:00Z');
// Lines 19681-19683 and 14572-14574 of shared/reference/catalog/full_catalog_3le_2023-10-09.txt.
const ISS = `0 ISS (ZARYA)
1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998
2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557`;
const HST = `0 HST
1 20580U 90037B   23282.26389097  .00009092  00000-0  47264-3 0  9991
2 20580  28.4684 228.3987 0002562 173.5803 302.4121 15.14353138638767`;

describe.each(databaseTargets)('catalogue caches of two servers on $name', (target) => {
  let store: TestStore | undefined;
  const opened: Database[] = [];
  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    await store?.destroy();
    store = undefined;
  });

  it("sees the other server's import at the next sync, and reloads nothing after its own", async () => {
    store = await target.createStore();
    const database = await store.open();
    opened.push(database);
    const options = { fleetOwners: [], fleetNoradIds: [], demo: false };
    const a = new CatalogService(new CatalogRepository(database.db), options, silent);
    const b = new CatalogService(new CatalogRepository(database.db), options, silent);
    await a.initialise(NOW);
    await b.initialise(NOW);
    expect(await b.syncWithDatabase()).toBe(false);

    await a.importElementSets(ISS, { source: 'file', label: 'ISS' }, NOW);
    expect(a.entry(25544)?.object.name).toBe('ISS (ZARYA)');
    expect(b.entry(25544)).toBeUndefined();
    // A's own import is in its cache already: nothing to reload.
    expect(await a.syncWithDatabase()).toBe(false);
    const changes = b.changeCount;
    expect(await b.syncWithDatabase()).toBe(true);
    expect(b.changeCount).toBeGreaterThan(changes);
    expect(b.entry(25544)?.set.epoch).toBe(a.entry(25544)?.set.epoch);
    expect(await b.syncWithDatabase()).toBe(false);

    // B imports now: A catches up, B does not reload.
    await b.importElementSets(HST, { source: 'file', label: 'HST' }, NOW);
    expect(await b.syncWithDatabase()).toBe(false);
    expect(a.entry(20580)).toBeUndefined();
    expect(await a.syncWithDatabase()).toBe(true);
    expect(a.entry(20580)?.object.name).toBe('HST');
    expect(a.size).toBe(2);
  });
});
