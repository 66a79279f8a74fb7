import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { AppMetaRepository } from '../../src/server/repositories/app-meta-repository.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

describe.each(databaseTargets)('AppMetaRepository on $name', (target) => {
  let store: TestStore | undefined;
  afterEach(async () => {
    await store?.destroy();
    store = undefined;
  });

  it('applies the migrations: app_meta exists with its columns', async () => {
    store = await target.createStore();
    const database = await store.open();
    try {
      const result = await database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'app_meta' order by column_name`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { column_name: string }[];
      expect(rows.map((r) => r.column_name)).toEqual(['key', 'updated_at', 'value']);
      expect(database.kind).toBe(target.name);
    } finally {
      await database.close();
    }
  });

  it('stores JSON values by key and overwrites on set', async () => {
    store = await target.createStore();
    const database = await store.open();
    try {
      const repo = new AppMetaRepository(database.db);
      expect(await repo.get('missing')).toBeUndefined();
      await repo.set('fleet', { norad: [25544, 43013] }, new Date('2026-11-21T00:00:00Z'));
      expect(await repo.get('fleet')).toEqual({ norad: [25544, 43013] });
      await repo.set('fleet', { norad: [] }, new Date('2026-11-21T00:01:00Z'));
      expect(await repo.get('fleet')).toEqual({ norad: [] });
    } finally {
      await database.close();
    }
  });

  it('keeps what was written across a close and re-open (a restart), and migrations are not re-applied', async () => {
    store = await target.createStore();
    const first = await store.open();
    const t0 = new Date('2026-11-21T10:00:00Z');
    const startOne = await new AppMetaRepository(first.db).recordStart(t0);
    await new AppMetaRepository(first.db).set('note', 'kept', t0);
    await first.close();

    const second = await store.open();
    try {
      const repo = new AppMetaRepository(second.db);
      const startTwo = await repo.recordStart(new Date('2026-11-21T11:00:00Z'));
      expect(startOne.startCount).toBe(1);
      expect(startTwo.startCount).toBe(2);
      expect(startTwo.installedAt.toISOString()).toBe(t0.toISOString());
      expect(await repo.get('note')).toBe('kept');
    } finally {
      await second.close();
    }
  });
});
