/**
 * Claims of periodic tasks (issue 13, "each scheduled task runs once across all server instances"):
 * the repository's one-statement claim on PGlite and PostgreSQL, many claims at once, and the
 * periodic timers of two "servers" (two claimers with their own instance ids) on one database.
 * tests/integration/two-servers-scheduler.test.ts does the same with two real server processes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { ScheduledTaskRepository } from '../../src/server/repositories/scheduled-task-repository.ts';
import { CLAIM_SLACK, newInstanceId, PeriodicTask, ScheduledTasks } from '../../src/server/services/scheduled-task.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

const T0 = Date.parse('2026-11-21T12:00:00Z');
const MIN = 60_000;
const at = (ms: number) => new Date(T0 + ms);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = { warn() {} };

describe.each(databaseTargets)('ScheduledTaskRepository on $name', (target) => {
  let store: TestStore | undefined;
  const opened: Database[] = [];
  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    await store?.destroy();
    store = undefined;
  });
  const open = async () => {
    store ??= await target.createStore();
    const database = await store.open();
    opened.push(database);
    return new ScheduledTaskRepository(database.db);
  };

  it('grants a task once per gap: the first claim, none within the gap, the next one at the gap', async () => {
    const repo = await open();
    expect(await repo.get('screening')).toBeUndefined();
    expect(await repo.claim('screening', 15 * MIN, 'a', at(0))).toBe(true);
    expect(await repo.get('screening')).toEqual({ task: 'screening', lastStartedAt: at(0), instance: 'a', claims: 1 });

    // Another instance, and the same one, within the gap: refused, the claim unchanged.
    expect(await repo.claim('screening', 15 * MIN, 'b', at(5 * MIN))).toBe(false);
    expect(await repo.claim('screening', 15 * MIN, 'a', at(15 * MIN - 1))).toBe(false);
    expect(await repo.get('screening')).toEqual({ task: 'screening', lastStartedAt: at(0), instance: 'a', claims: 1 });

    // At the gap: granted to whoever asks, and counted.
    expect(await repo.claim('screening', 15 * MIN, 'b', at(15 * MIN))).toBe(true);
    expect(await repo.get('screening')).toEqual({ task: 'screening', lastStartedAt: at(15 * MIN), instance: 'b', claims: 2 });
    expect(await repo.claim('screening', 15 * MIN, 'a', at(29 * MIN))).toBe(false);
    expect(await repo.claim('screening', 15 * MIN, 'a', at(31 * MIN))).toBe(true);
    expect((await repo.get('screening'))?.claims).toBe(3);
  });

  it('keeps tasks apart, each with its own gap', async () => {
    const repo = await open();
    expect(await repo.claim('screening', 15 * MIN, 'a', at(0))).toBe(true);
    expect(await repo.claim('catalog-update', 360 * MIN, 'b', at(1 * MIN))).toBe(true);
    expect(await repo.claim('screening', 15 * MIN, 'b', at(16 * MIN))).toBe(true);
    expect(await repo.claim('catalog-update', 360 * MIN, 'a', at(16 * MIN))).toBe(false);
    expect((await repo.get('catalog-update'))?.instance).toBe('b');
  });

  it('does not believe a claim more than a gap in the future (the clock was set back), but one slightly ahead', async () => {
    const repo = await open();
    expect(await repo.claim('space-weather-update', 180 * MIN, 'a', at(10 * 60 * MIN))).toBe(true);
    // Two minutes "earlier": a concurrent claim that waited for the row lock sees this; refused.
    expect(await repo.claim('space-weather-update', 180 * MIN, 'b', at(10 * 60 * MIN - 2 * MIN))).toBe(false);
    // Ten hours earlier: the clock went back; waiting until it catches up would stop the task for hours.
    expect(await repo.claim('space-weather-update', 180 * MIN, 'b', at(0))).toBe(true);
    expect(await repo.get('space-weather-update')).toMatchObject({ lastStartedAt: at(0), instance: 'b', claims: 2 });
  });

  it("uses the database's clock when no time is given", async () => {
    const repo = await open();
    const before = Date.now();
    expect(await repo.claim('screening', 15 * MIN, 'a')).toBe(true);
    const claimed = (await repo.get('screening'))!.lastStartedAt.getTime();
    // The database runs on this machine (PGlite in this process, the test PostgreSQL on loopback).
    expect(claimed).toBeGreaterThanOrEqual(before - 1000);
    expect(claimed).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await repo.claim('screening', 15 * MIN, 'b')).toBe(false);
    expect(await repo.claim('screening', 0, 'b')).toBe(true);
  });

  it('grants exactly one of many claims made at once (on PostgreSQL from several connections and pools)', async () => {
    // Each open() on PostgreSQL is a pool of its own (as each server has); on PGlite one connection.
    const repos = target.name === 'postgres' ? [await open(), await open(), await open()] : [await open()];
    for (let round = 0; round < 5; round++) {
      const task = `race-${round}`;
      const results = await Promise.all(Array.from({ length: 24 }, (_, n) => repos[n % repos.length]!.claim(task, 15 * MIN, `instance-${n}`)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect(await repos[0]!.get(task)).toMatchObject({ instance: `instance-${winner}`, claims: 1 });
      // And once claimed, a second burst gets nothing.
      const again = await Promise.all(Array.from({ length: 12 }, (_, n) => repos[n % repos.length]!.claim(task, 15 * MIN, `late-${n}`)));
      expect(again.some(Boolean)).toBe(false);
    }
  });

  it('two instances with their own timers on one database run a periodic task once per interval between them', async () => {
    const repoA = await open();
    // On PostgreSQL each "server" has its pool; PGlite belongs to one process (its data directory refuses a second opener), so both share it.
    const repoB = target.name === 'postgres' ? await open() : repoA;
    const intervalMs = 400;
    const runs: { instance: string; at: number }[] = [];
    const instances = [new ScheduledTasks(repoA, newInstanceId(), silent), new ScheduledTasks(repoB, newInstanceId(), silent)];
    expect(instances[0]!.instance).not.toBe(instances[1]!.instance);
    expect(instances[0]!.instance).toMatch(/^.+:\d+:[0-9a-f]{8}$/);
    const tasks = instances.map(
      (claims) =>
        new PeriodicTask({ task: 'periodic', intervalMs, firstDelayMs: 0, claims, log: silent, run: () => void runs.push({ instance: claims.instance, at: Date.now() }) }),
    );
    const started = Date.now();
    for (const t of tasks) t.start();
    await sleep(10 * intervalMs + intervalMs / 2);
    for (const t of tasks) t.stop();
    const elapsed = Date.now() - started;
    await sleep(100); // a claim under way when stopped does not run

    // Each instance ticks 11 times (start-up and 10 intervals); without the claims there would be 22 runs.
    const row = await repoA.get('periodic');
    expect(row?.claims).toBe(runs.length);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / ((1 - CLAIM_SLACK) * intervalMs)) + 1);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.at - runs[i - 1]!.at).toBeGreaterThan((1 - CLAIM_SLACK) * intervalMs - 100);
  });
});
