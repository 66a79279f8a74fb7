/**
 * Issue 14: settings changed on /config are kept in the database. The real server is killed
 * (SIGKILL) right after a change was answered and started again on the same store: the change is
 * there, and the environment's defaults still reach the settings nobody changed. On PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsResponse } from '../../src/contracts/settings.ts';
import { createServerStore, spawnServer, storeKinds, type ServerStore } from './support/server-process.ts';

const ENV = { DEMO_CATALOG: 'off', SCREENING: 'off', CATALOG_SCREENING_HOURS: '0' };

describe.each(storeKinds)('settings across a kill -9 (%s)', (kind) => {
  let store: ServerStore;
  beforeAll(async () => {
    store = await createServerStore(kind, 'settings-restart');
  });
  afterAll(async () => {
    await store?.destroy();
  });

  it('keeps a change answered before the crash; a new environment default reaches the settings not changed', async () => {
    const first = await spawnServer(store, { ...ENV, SCREENING_THRESHOLD_KM: '5', SCREENING_WINDOW_DAYS: '7' });
    try {
      await first.waitForHealth(60_000);
      const res = await fetch(`${first.baseUrl}/api/settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ thresholdKm: 2.5, fleetNoradIds: [25544], fleetOwners: ['ISRA', 'PRC'] }),
      });
      expect(res.status).toBe(200);
    } finally {
      await first.kill9();
    }
    const second = await spawnServer(store, { ...ENV, SCREENING_THRESHOLD_KM: '5', SCREENING_WINDOW_DAYS: '3' });
    try {
      await second.waitForHealth(60_000);
      const body = (await (await fetch(`${second.baseUrl}/api/settings`)).json()) as SettingsResponse;
      expect(body.effective).toEqual({
        fleet: { owners: ['ISRA', 'PRC'], noradIds: [25544] },
        screening: { thresholdKm: 2.5, intervalMinutes: 15, windowDays: 3 },
        alertLevel: 'high',
      });
      expect(body.stored).toEqual(['fleetOwners', 'fleetNoradIds', 'thresholdKm']);
    } finally {
      await second.stop();
    }
  }, 180_000);
});
