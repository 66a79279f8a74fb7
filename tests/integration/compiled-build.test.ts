/**
 * The ahead-of-time build of the server and CLI (scripts/build-node.mjs, bin/ssa.js; ARCHITECTURE.md
 * "How the code runs"), on a copy of the repository's sources in a temporary folder whose
 * node_modules holds every package but tsx: the compiled build, worker threads included, must run
 * without the loader; an edited source must never run stale; a touched one must not cost a build.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// ISS (ZARYA) and the docked ISS (NAUKA) from the 2023-10-09 catalogue.
const CATALOG = `0 ISS (ZARYA)
1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998
2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557
0 ISS (NAUKA)
1 49044U 21066A   23281.49023427  .00020270  00000-0  36294-3 0  9991
2 49044  51.6405 127.3243 0005291  86.6252   6.7519 15.49934458419365
`;

let dir: string;

function ssa(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['bin/ssa.js', ...args], { cwd: dir, env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const stamp = () => JSON.parse(readFileSync(join(dir, 'dist/node/build.json'), 'utf8')) as { digest: string; files: [string, ...number[]][] };
const builds = () => readdirSync(join(dir, 'dist/node')).filter((name) => /^[0-9a-f]{20}$/.test(name)).sort();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dataforge-build-'));
  for (const path of ['bin', 'scripts/build-node.mjs', 'src/cli', 'src/server', 'src/core', 'src/contracts', 'package.json', 'tsconfig.base.json', 'tsconfig.node.json']) {
    cpSync(join(repoRoot, path), join(dir, path), { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
  }
  // Every package but tsx: what the compiled build needs at run time.
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(repoRoot, 'node_modules'))) {
    if (name !== 'tsx' && name !== '.bin') symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name));
  }
  writeFileSync(join(dir, 'iss.tle'), CATALOG);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the compiled build', () => {
  it('is made at the first start and then used as it is, with no tsx', () => {
    expect(existsSync(join(dir, 'dist/node'))).toBe(false);
    const first = ssa(['--version']);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe('0.1.0');
    const { digest, files } = stamp();
    expect(files.map(([path]) => path)).toContain('src/cli/main.ts');
    expect(ssa(['--help']).stdout).toMatch(/^Usage: ssa <command>/);
    expect(stamp().digest).toBe(digest);
    expect(builds()).toEqual([digest]);
  });

  it('starts the screening worker threads from compiled files', () => {
    const r = ssa(['screen', '--catalog', 'iss.tle', '--primary', '25544', '--start', '2023-10-09T18:00:00Z', '--end', '2023-10-10T00:00:00Z', '--threshold-km', '5', '--workers', '2']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { total_objects: number; proximities: { secondary_norad: string; kind: string }[] };
    expect(out.total_objects).toBe(2);
    expect(out.proximities.map((p) => [p.secondary_norad, p.kind])).toEqual([['49044', 'attached']]);
  });

  it('loads no server, database or validation package for --help (every command is imported when it runs)', () => {
    const folder = join(dir, 'dist/node', stamp().digest);
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join(folder, file), 'utf8');
      for (const m of code.matchAll(/^import\s+(?:[^;]*?\s+from\s+)?"([^"]+)";/gm)) {
        if (m[1]!.startsWith('./')) visit(m[1]!.slice(2));
        else packages.add(m[1]!);
      }
    };
    visit('ssa.js');
    expect([...packages].filter((name) => !name.startsWith('node:'))).toEqual([]);
  });

  it('survives a touch without a build, and rebuilds before running an edited source', () => {
    const before = stamp().digest;
    const main = join(dir, 'src/cli/main.ts');
    const later = new Date(Date.now() + 5_000);
    utimesSync(main, later, later);
    expect(ssa(['--version']).stdout.trim()).toBe('0.1.0');
    expect(stamp().digest).toBe(before);
    expect(builds()).toEqual([before]);

    writeFileSync(main, readFileSync(main, 'utf8').replace('Data Forge: space situational awareness.', 'Data Forge: space situational awareness (edited).'));
    const r = ssa(['--help']);
    expect(r.stdout).toContain('(edited)');
    expect(stamp().digest).not.toBe(before);
    // The replaced build stays a day for processes still running from it.
    expect(builds()).toHaveLength(2);
  });

  it('runs the sources through tsx when they do not compile, and tsx reports the error', () => {
    symlinkSync(join(repoRoot, 'node_modules/tsx'), join(dir, 'node_modules/tsx'));
    const usage = join(dir, 'src/cli/usage-error.ts');
    const good = readFileSync(usage, 'utf8');
    writeFileSync(usage, `${good}\nexport const broken = ;\n`);
    const broken = ssa(['--version']);
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toContain('usage-error.ts');
    writeFileSync(usage, good);
    expect(ssa(['--version']).stdout.trim()).toBe('0.1.0');
    expect(ssa(['--version'], { SSA_FROM_SOURCE: '1' }).stdout.trim()).toBe('0.1.0');
  });
});
