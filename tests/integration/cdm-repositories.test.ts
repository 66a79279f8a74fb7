/**
 * The CDM import and the conjunction list on both databases (PGlite always, PostgreSQL when
 * DATABASE_URL is set): the SQL of cdm_messages, the event writes, the list's joins, filters and
 * orders, and proximities, against the 27 real CARA CDMs (shared/reference/cdm/cara).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';
import { HAS_REFERENCE, REFERENCE_DIR } from './support/reference.ts';

const DIR = `${REFERENCE_DIR}cdm/cara/`;

describe.skipIf(!HAS_REFERENCE).each(databaseTargets)('CDM messages, events and proximities on $name', (target) => {
  let store: TestStore | undefined;
  afterEach(async () => {
    await store?.destroy();
    store = undefined;
  });

  it('imports the CARA messages once, and lists, filters and orders the events', async () => {
    store = await target.createStore();
    const database = await store.open();
    const ctx = createAppContext(loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', DEMO_CATALOG: 'off' }), database, 'test');
    try {
      const body = readdirSync(DIR)
        .filter((f) => f.endsWith('.cdm'))
        .sort()
        .map((f) => readFileSync(`${DIR}${f}`, 'utf8'))
        .join('\n');
      const first = await ctx.services.cdmImport.importFile(body, 'cara.cdm', new Date());
      expect(first.imported).toHaveLength(27);
      const again = await ctx.services.cdmImport.importFile(body, 'cara.cdm', new Date());
      expect(again.imported).toHaveLength(0);
      expect(again.duplicates).toHaveLength(27);

      const list = (q: Record<string, string | number>) => ctx.services.conjunctions.list({ status: 'all', sort: 'tca', limit: 100, offset: 0, ...q } as never);
      expect((await list({})).total).toBe(27);
      const byPc = await list({ sort: '-pc', limit: 3 });
      expect(byPc.items.map((i) => i.collisionProbability)).toEqual([...byPc.items.map((i) => i.collisionProbability)].sort((a, b) => (b ?? 0) - (a ?? 0)));
      expect(byPc.items[0]!.secondaryObject.name).toBe('IRIDIUM 33 DEB');
      expect((await list({ q: 'TeRrA' })).items.every((i) => i.primaryObject.name === 'TERRA' || i.secondaryObject.name === 'TERRA')).toBe(true);
      expect((await list({ q: '1999-068' })).total).toBeGreaterThan(0);
      expect((await list({ q: '100%_' })).total).toBe(0);
      const risky = await list({ risk: 'critical,high', sort: '-risk' });
      expect(risky.items.every((i) => i.riskLevel === 'critical' || i.riskLevel === 'high')).toBe(true);
      expect(risky.items[0]!.riskLevel).toBe('critical');
      const window = await list({ tcaFrom: '2023-01-01T00:00:00Z' });
      expect(window.items.every((i) => i.tca >= '2023')).toBe(true);
      const bySecondary = await list({ sort: 'secondary' });
      const names = bySecondary.items.map((i) => i.secondaryObject.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

      const detail = await ctx.services.conjunctions.detail(byPc.items[0]!.conjunctionId);
      expect(detail!.cdms).toHaveLength(1);
      const raw = await ctx.repositories.cdmMessages.byId(detail!.cdms[0]!.id);
      expect(raw!.raw).toContain('CCSDS_CDM_VERS');

      // Proximities: one run's write, then the list.
      const now = new Date();
      await ctx.repositories.proximities.applyRun({
        created: [{ primaryNorad: 25994, secondaryNorad: 37558, kind: 'attached', startAt: now, endAt: now, minKm: 0.2, maxKm: 1.7, meanKm: 0.9, relativeSpeedMS: 1, status: 'open', firstDetected: now, lastUpdated: now, lastRunId: null }],
        updated: [],
        closed: [],
        events: [],
      });
      const open = await ctx.repositories.proximities.open();
      expect(open).toHaveLength(1);
      await ctx.repositories.proximities.applyRun({ created: [], updated: [], closed: [open[0]!.id], events: [] });
      expect(await ctx.repositories.proximities.open()).toHaveLength(0);
      expect((await ctx.repositories.proximities.list(10))[0]!.status).toBe('closed');
    } finally {
      await ctx.services.cdmImport.close();
      await ctx.services.screening.close();
      await database.close();
    }
  }, 120_000);
});
