/**
 * The CDM import and the conjunction list on both databases (PGlite always, PostgreSQL when
 * DATABASE_URL is set): the SQL of cdm_messages, the event writes, the list's joins, filters and
 * orders, and proximities, against the 27 real CARA CDMs (tests/reference/cdm/cara).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { CdmMessageRepository, DuplicateCdmMessageError, type MessageWrite } from '../../src/server/repositories/cdm-message-repository.ts';
import { ConjunctionEventRepository } from '../../src/server/repositories/conjunction-event-repository.ts';
import { OperationsEventRepository } from '../../src/server/repositories/operations-event-repository.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';
import { CARA_CDM_DIR as DIR } from '../reference/index.ts';

/** One message creating an event of its own (pair 1001 × 1002, objects new to the catalogue), as the import writes it. */
function creation(messageId: string, tca: Date): MessageWrite {
  const now = new Date();
  const estimate = { missKm: 0.5, pc: 1e-5, maxPc: 1e-4, riskLevel: 'high', pcMethod: 'pc2d' };
  return {
    event: {
      create: {
        primaryNorad: 1001,
        secondaryNorad: 1002,
        tca,
        ...estimate,
        radialKm: 0.1,
        inTrackKm: 0.3,
        crossTrackKm: 0.4,
        relativeVelocityKmS: 10,
        pc2d: 1e-5,
        pc3d: null,
        source: 'TEST',
        status: 'open',
        closeReason: null,
        firstDetected: now,
        lastUpdated: now,
        lastRunId: null,
        details: {},
        cdmKvn: null,
        cdmGeneratedAt: null,
      },
    },
    history: { at: now, tca, ...estimate, sigmaM: null, source: 'TEST' },
    message: { originator: 'TEST', messageId, creationDate: now, tca, object1Norad: 1001, object2Norad: 1002, format: 'kvn', raw: `MESSAGE_ID = ${messageId}`, pc: 1e-5, pcMethod: 'pc2d', fileName: null, importedAt: now },
    objects: [
      { noradId: 1001, name: 'ONE', cosparId: null, objectType: 'payload' },
      { noradId: 1002, name: 'TWO', cosparId: null, objectType: 'debris' },
    ],
    events: [{ eventType: 'alert_updated', timestamp: now, description: `test ${messageId}`, noradId: 1002 }],
  };
}

describe.each(databaseTargets)('CDM message writes on $name', (target) => {
  let store: TestStore | undefined;
  afterEach(async () => {
    await store?.destroy();
    store = undefined;
  });

  it('gives concurrent creations distinct conjunction ids, and tells a duplicate message from an id collision', async () => {
    store = await target.createStore();
    const database = await store.open();
    try {
      const messages = new CdmMessageRepository(database.db);
      const events = new ConjunctionEventRepository(database.db);
      const tca = new Date('2030-05-01T00:00:00Z');
      // On PostgreSQL both transactions read the same highest sequence and race for one CNJ id:
      // the loser allocates again. (PGlite runs one transaction at a time: no race, same outcome.)
      const written = await Promise.all(['RACE-1', 'RACE-2', 'RACE-3'].map((id) => messages.write(creation(id, tca))));
      expect(written.map((w) => w.event.conjunctionId).sort()).toEqual(['CNJ-2030-001', 'CNJ-2030-002', 'CNJ-2030-003']);
      expect(await events.maxSequence(2030)).toBe(3);

      // The same (originator, MESSAGE_ID) twice at once: one is stored, the other is a duplicate
      // (not an id collision) and leaves nothing behind: no event, no history, no operations event.
      const outcomes = await Promise.allSettled([messages.write(creation('TWICE', tca)), messages.write(creation('TWICE', tca))]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected');
      expect(lost?.reason).toBeInstanceOf(DuplicateCdmMessageError);
      expect(await events.maxSequence(2030)).toBe(4);
      expect((await events.open()).map((e) => e.conjunctionId).sort()).toEqual(['CNJ-2030-001', 'CNJ-2030-002', 'CNJ-2030-003', 'CNJ-2030-004']);
      expect((await new OperationsEventRepository(database.db).recent(100)).map((e) => e.description).sort()).toEqual(['test RACE-1', 'test RACE-2', 'test RACE-3', 'test TWICE']);
      expect(await messages.existingKeys([{ originator: 'TEST', messageId: 'TWICE' }, { originator: 'TEST', messageId: 'NEVER' }])).toEqual(new Map([['TEST\u0001TWICE', 'CNJ-2030-004']]));
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe.each(databaseTargets)('CDM messages, events and proximities on $name', (target) => {
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
      const terra = await list({ q: 'TeRrA' });
      expect(terra.items.length).toBeGreaterThan(0);
      expect(terra.items.every((i) => i.primaryObject.name === 'TERRA' || i.secondaryObject.name === 'TERRA')).toBe(true);
      expect((await list({ q: '1999-068' })).total).toBeGreaterThan(0);
      expect((await list({ q: '100%_' })).total).toBe(0);
      const risky = await list({ risk: 'critical,high', sort: '-risk' });
      expect(risky.items.length).toBeGreaterThan(0);
      expect(risky.items.every((i) => i.riskLevel === 'critical' || i.riskLevel === 'high')).toBe(true);
      expect(risky.items[0]!.riskLevel).toBe('critical');
      const window = await list({ tcaFrom: '2023-01-01T00:00:00Z' });
      expect(window.items.length).toBeGreaterThan(0);
      expect(window.items.every((i) => i.tca >= '2023')).toBe(true);
      const bySecondary = await list({ sort: 'secondary' });
      const names = bySecondary.items.map((i) => i.secondaryObject.name);
      expect(names).toHaveLength(27);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

      const detail = await ctx.services.conjunctions.detail(byPc.items[0]!.conjunctionId);
      expect(detail!.cdms).toHaveLength(1);
      const raw = await ctx.services.conjunctions.message(detail!.cdms[0]!.id);
      expect(raw!.raw).toMatch(/^CCSDS_CDM_VERS/);
      expect(await ctx.services.conjunctions.message(2_147_483_647)).toBeUndefined();

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
      expect((await ctx.services.proximities.list()).map((p) => [p.primaryObject.noradId, p.secondaryObject.noradId, p.status])).toEqual([[25994, 37558, 'closed']]);
    } finally {
      await ctx.services.cdmImport.close();
      await ctx.services.screening.close();
      await database.close();
    }
  }, 120_000);
});
