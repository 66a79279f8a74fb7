/**
 * The embedded database's data-directory lock (issue 12): `pglite.lock` names its owner by pid,
 * process start time (/proc/<pid>/stat field 22) and boot id, so a pid that is gone, a zombie (a
 * killed server not reaped yet) or reused by another process does not keep a server from starting,
 * while a running owner always does, with a message naming the lock file. Taking the lock is
 * atomic: of several processes starting at once on a stale lock, exactly one wins.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentLockOwner, DatabaseError, lockDataDir, lockOwnerAlive, lockText, openDatabase } from '../../src/server/db/database.ts';

const DATABASE_MODULE = fileURLToPath(new URL('../../src/server/db/database.ts', import.meta.url));
const me = currentLockOwner();

/** Runs `sh -c script`, collecting stdout; resolves with the child and its first line of output. */
async function shell(script: string): Promise<{ pid: number; firstLine: string; kill: () => void }> {
  const child = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('error', reject);
  });
  return { pid: child.pid!, firstLine, kill: () => void child.kill('SIGKILL') };
}

/** A process that has exited and been reaped: its pid names nothing now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

const stat = async (pid: number) => {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, startTime: fields[19]! };
};

describe('the data-directory lock', () => {
  let dir: string;
  let lockPath: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dataforge-lock-'));
    lockPath = join(dir, 'pglite.lock');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Takes the lock and checks it now names this process. */
  const takesOver = async () => {
    const release = await lockDataDir(dir);
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toEqual(me);
    await release();
    await expect(readFile(lockPath, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  };

  it('names this process by pid, start time, boot id (Linux /proc) and host', async () => {
    expect(me).toEqual({ pid: process.pid, startTime: (await stat(process.pid)).startTime, bootId: (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim(), host: hostname() });
    expect(me.startTime).toMatch(/^\d+$/);
  });

  it("refuses a lock of another machine's process (a shared volume), saying how to clear it", async () => {
    await writeFile(lockPath, lockText({ pid: 1, startTime: '1', bootId: 'another-boot', host: 'other-machine' }));
    await expect(lockDataDir(dir)).rejects.toThrow(`The data directory ${dir} is in use by process 1 on host other-machine (lock file ${lockPath}). Stop it there; if that machine is gone, delete the lock file.`);
    await rm(lockPath);
  });

  it('takes over a lock of a pid that no longer exists', async () => {
    const pid = await deadPid();
    await writeFile(lockPath, lockText({ pid, startTime: '12345', bootId: me.bootId! }));
    await takesOver();
    // A lock of the version before issue 12 held the bare pid.
    await writeFile(lockPath, String(await deadPid()));
    await takesOver();
  });

  it('takes over a lock of a live pid with another start time (a reused pid: here this very process)', async () => {
    await writeFile(lockPath, lockText({ ...me, startTime: String(Number(me.startTime) - 1) }));
    expect(lockOwnerAlive({ ...me, startTime: String(Number(me.startTime) - 1) })).toBe(false);
    await takesOver();
  });

  it('takes over a lock of an earlier boot', async () => {
    await writeFile(lockPath, lockText({ ...me, bootId: '00000000-0000-0000-0000-000000000000' }));
    await takesOver();
  });

  it('takes over a lock of a zombie (a killed server its parent has not reaped yet)', async () => {
    // `sleep 30` (after exec) never waits for its child, so the short sleep stays a zombie once it exits.
    const parent = await shell('sleep 0.1 & echo $!; exec sleep 30');
    try {
      const zombie = Number(parent.firstLine);
      const startTime = (await stat(zombie)).startTime;
      await new Promise((r) => setTimeout(r, 400));
      expect((await stat(zombie)).state).toBe('Z');
      await writeFile(lockPath, lockText({ pid: zombie, startTime, bootId: me.bootId! }));
      await takesOver();
    } finally {
      parent.kill();
    }
  });

  it('refuses while the owner runs, naming the lock file: this process with its real start time, or a live pid of the old format', async () => {
    await writeFile(lockPath, lockText(me));
    const refused = lockDataDir(dir);
    await expect(refused).rejects.toBeInstanceOf(DatabaseError);
    await expect(refused).rejects.toThrow(`The data directory ${dir} is in use by process ${process.pid} (lock file ${lockPath}). Stop it, or set DATA_DIR to another directory.`);
    // Nothing was changed by the refusal.
    expect(await readFile(lockPath, 'utf8')).toBe(lockText(me));

    const sleeper = await shell('echo $$; exec sleep 30');
    try {
      await writeFile(lockPath, String(sleeper.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${sleeper.pid} (lock file ${lockPath})`);
    } finally {
      sleeper.kill();
    }
  });

  it('refuses a second opener of the embedded database in the same process, and the message names the lock file', async () => {
    const release = await lockDataDir(dir);
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`(lock file ${lockPath})`);
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${process.pid}`);
    } finally {
      await release();
    }
  });

  it('releases only its own lock', async () => {
    const release = await lockDataDir(dir);
    const other = lockText({ ...me, startTime: '1' });
    await writeFile(lockPath, other);
    await release();
    expect(await readFile(lockPath, 'utf8')).toBe(other);
  });

  it('lets exactly one of several processes starting at once take over a stale lock', async () => {
    const contenders = 4;
    for (let round = 0; round < 3; round += 1) {
      await writeFile(lockPath, lockText({ pid: await deadPid(), startTime: '1', bootId: me.bootId! }));
      // Synchronised through files, not a fixed delay (a loaded machine may take seconds to start a
      // process): each contender says it is ready; once all are, the parent names an instant a
      // little ahead and every contender spins until it, then tries. The winner holds the lock until
      // every other has been refused, so a late loser can never find it free.
      const sync = await mkdtemp(join(tmpdir(), 'dataforge-lock-sync-'));
      const script = `
        const { lockDataDir } = await import(${JSON.stringify(DATABASE_MODULE)});
        const { readdirSync, readFileSync, writeFileSync, existsSync } = await import('node:fs');
        const sync = ${JSON.stringify(sync)};
        const count = (prefix) => readdirSync(sync).filter((f) => f.startsWith(prefix)).length;
        const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
        writeFileSync(sync + '/ready-' + process.pid, '');
        while (!existsSync(sync + '/go')) await sleep(2);
        const go = Number(readFileSync(sync + '/go', 'utf8'));
        while (Date.now() < go);
        try {
          const release = await lockDataDir(${JSON.stringify(dir)});
          console.log('won');
          const deadline = Date.now() + 30000;
          while (count('refused-') < ${contenders - 1} && Date.now() < deadline) await sleep(5);
          await release();
        } catch (error) {
          console.log(error.name === 'DatabaseError' ? 'refused' : 'error ' + error.message);
          writeFileSync(sync + '/refused-' + process.pid, '');
        }`;
      const children = Array.from({ length: contenders }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        return new Promise<string>((resolve) => child.once('exit', () => resolve(out.trim())));
      });
      const readyBy = Date.now() + 50_000;
      while ((await readdir(sync)).filter((f) => f.startsWith('ready-')).length < contenders && Date.now() < readyBy) await new Promise((r) => setTimeout(r, 10));
      // Written whole, then renamed: no contender reads a half-written instant.
      await writeFile(join(sync, 'go.tmp'), String(Date.now() + 300));
      await rename(join(sync, 'go.tmp'), join(sync, 'go'));
      const results = await Promise.all(children);
      await rm(sync, { recursive: true, force: true });
      expect(results.sort()).toEqual(['refused', 'refused', 'refused', 'won']);
      // No leftovers: the stale lock moved aside was removed, and the winner released its own.
      await expect(readFile(lockPath, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    }
  }, 180_000);
});
