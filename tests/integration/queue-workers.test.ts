/**
 * Screening through the job queue (issue 13 item 2), with real processes on a real PostgreSQL:
 * two `ssa worker` processes take the shards of a catalogue-wide job submitted by
 * `ssa screen --all --queue`; one is killed with SIGKILL in the middle of a shard. Its lease
 * expires, the other worker screens the shard again, and the merged result equals the
 * single-process run (`ssa screen --all` on worker threads): the same conjunctions and proximities,
 * every shard counted once.
 *
 * The catalogue: every object of the real 2023-10-09 catalogue whose NORAD id is a multiple of 5
 * (5,411 objects), 12 h from 2023-10-09T00:00Z at 10 km, in 6 shards of 2 h.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_URL } from './support/databases.ts';
import { createServerStore, type ServerStore } from './support/server-process.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CATALOG = fileURLToPath(new URL('../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const present = existsSync(CATALOG);
if (process.env.CI === 'true' && !DATABASE_URL) throw new Error('queue-workers.test: CI=true needs DATABASE_URL (.ci/run starts a PostgreSQL server)');
if (!DATABASE_URL) console.warn('[queue-workers.test] SKIPPED: DATABASE_URL is not set (the job queue lives in PostgreSQL)');

const WINDOW = ['--start', '2023-10-09T00:00:00Z', '--end', '2023-10-09T12:00:00Z', '--threshold-km', '10'];

interface Output {
  total_objects: number;
  conjunctions: { primary_norad: string; secondary_norad: string; tca: string; miss_distance_km: number; collision_probability: number }[];
  proximities: { primary_norad: string; secondary_norad: string; kind: string }[];
}

interface Proc {
  child: ChildProcess;
  out: string[];
  err: string[];
  exited: Promise<number | null>;
}

function ssa(args: string[], env: Record<string, string | undefined>): Proc {
  const child = spawn(process.execPath, ['bin/ssa.js', ...args], { cwd: repoRoot, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const err: string[] = [];
  child.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => err.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, err, exited };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!DATABASE_URL || !present)('the job queue with two ssa worker processes, one killed mid-shard', () => {
  let store: ServerStore | undefined;
  const procs: Proc[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'dataforge-queue-'));

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await store?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the single-process result, with the killed shard screened again and counted once', async () => {
    const lines = readFileSync(CATALOG, 'utf8').split(/\r?\n/);
    const subset: string[] = [];
    for (let i = 0; i + 2 < lines.length; i += 3) if (Number(lines[i + 1]!.slice(2, 7)) % 5 === 0) subset.push(lines[i]!, lines[i + 1]!, lines[i + 2]!);
    const catalog = join(dir, 'subset.3le');
    writeFileSync(catalog, `${subset.join('\n')}\n`);

    // The single-process run: worker threads of one process, no database.
    const localEnv = { ...process.env, DATABASE_URL: '' };
    const local = ssa(['screen', '--all', '--catalog', catalog, ...WINDOW, '--workers', '2'], localEnv);
    expect(await local.exited, local.err.join('')).toBe(0);
    const expected = JSON.parse(local.out.join('')) as Output;
    expect(expected.conjunctions.length).toBeGreaterThan(1000);

    store = await createServerStore('postgres', 'queue');
    const env = { ...process.env, DATABASE_URL: store.databaseUrl, SHARD_LEASE_SECONDS: '8', QUEUE_MAINTENANCE_SECONDS: '1' };
    const [victim, survivor] = [ssa(['worker', '--concurrency', '1'], env), ssa(['worker', '--concurrency', '1'], env)];
    procs.push(victim, survivor);
    for (const w of [victim, survivor]) await until('a worker to start', () => (w.err.join('').includes(' ready on ') ? true : undefined), 60_000);
    const idOf = (w: Proc) => /ssa worker: (\S+) ready on /.exec(w.err.join(''))![1]!;
    const victimId = idOf(victim);
    const survivorId = idOf(survivor);

    const submitter = ssa(['screen', '--all', '--queue', '--shards', '6', '--catalog', catalog, ...WINDOW, '--workers', '2', '--progress'], env);
    procs.push(submitter);

    // Kill the victim while it screens a shard.
    const client = new pg.Client({ connectionString: store.databaseUrl });
    await client.connect();
    let killedShard: number;
    try {
      killedShard = await until(
        "the victim's first shard to run",
        async () => {
          const { rows } = await client.query<{ shard: number }>("select shard from screening_shards where status = 'running' and worker = $1", [victimId]).catch(() => ({ rows: [] as { shard: number }[] }));
          return rows[0]?.shard;
        },
        120_000,
      );
      victim.child.kill('SIGKILL');
      expect(await victim.exited).toBe(null);

      expect(await submitter.exited, submitter.err.join('')).toBe(0);
      const { rows: shards } = await client.query<{ shard: number; status: string; worker: string; attempts: number }>('select shard, status, worker, attempts from screening_shards order by shard');
      const { rows: jobs } = await client.query<{ status: string; kind: string }>('select status, kind from screening_jobs');
      expect(jobs).toEqual([{ status: 'completed', kind: 'catalog' }]);
      expect(shards.map((s) => s.status)).toEqual(Array(6).fill('done'));
      const killed = shards.find((s) => s.shard === killedShard)!;
      // Taken twice: by the victim, then (after its lease) by the survivor, whose result counts.
      expect(killed.attempts).toBeGreaterThanOrEqual(2);
      expect(killed.worker).toBe(survivorId);
      expect(survivor.err.join('')).toContain(`shard ${killedShard + 1}/6 of job`);
    } finally {
      await client.end();
    }

    const merged = JSON.parse(submitter.out.join('')) as Output;
    expect(merged.total_objects).toBe(expected.total_objects);
    expect(merged.conjunctions.length).toBe(expected.conjunctions.length);
    merged.conjunctions.forEach((c, i) => {
      const e = expected.conjunctions[i]!;
      expect([c.primary_norad, c.secondary_norad]).toEqual([e.primary_norad, e.secondary_norad]);
      // Time slices differ between the runs (6 shards against the local pool's 4), so a TCA may be
      // bracketed from other samples: the same minimum to Brent's 10 µs tolerance, well within 1 ms.
      expect(Math.abs(Date.parse(c.tca) - Date.parse(e.tca))).toBeLessThanOrEqual(1);
      expect(Math.abs(c.miss_distance_km - e.miss_distance_km)).toBeLessThan(1e-3);
    });
    expect(merged.proximities.map((p) => [p.primary_norad, p.secondary_norad, p.kind])).toEqual(expected.proximities.map((p) => [p.primary_norad, p.secondary_norad, p.kind]));
    expect(submitter.err.join('')).toContain('6 shards queued');

    survivor.child.kill('SIGTERM');
    expect(await survivor.exited).toBe(0);
    expect(survivor.err.join('')).toContain('stopped after');
  }, 600_000);
});
