#!/usr/bin/env node
/**
 * The ahead-of-time build of the server and the CLI (ARCHITECTURE.md, "How the code runs").
 *
 * esbuild bundles src/cli/run.ts (the `ssa` command, every command in a chunk of its own: main.ts
 * imports them lazily) and every worker thread entry (src/server/workers/**\/*-worker.ts) into one
 * flat folder, dist/node/<digest>/, with source maps (turned on by bin/ssa.js and by each worker's
 * entry, so error stacks name the TypeScript sources). npm packages stay imports (resolved from
 * node_modules at run time). Two things of the sources are kept as they were:
 *  - every module's `import.meta.url` is still its source file's URL (computed from the bundle's
 *    location, so the folder may move), so paths relative to a source file (dist/web, drizzle/,
 *    package.json) resolve as from the sources;
 *  - src/server/workers/compiled-build.ts is replaced by a module naming the build's folder and its
 *    worker entries, so compiled code starts its worker threads from compiled files (worker-thread.ts).
 *
 * <digest> is a SHA-256 of what the build read: every source file esbuild loaded, this script,
 * tsconfig.base.json, tsconfig.node.json and esbuild's version. dist/node/build.json names the
 * current build and, for each of those files, its size, mtime, ctime and inode, as git's index
 * does: any write to a file changes its ctime, so `freshBuild()` knows the build is current from
 * one stat per file (~350 files, a few ms) and reads contents only when a stat differs (a touch,
 * a checkout, a copy of the tree). Builds appear whole: esbuild writes into a temporary folder
 * that is renamed to its digest, and build.json is replaced by a rename, so processes that check
 * or build at the same time (parallel tests) never see half a build. A process keeps running from
 * the folder it started with (its worker threads start from it too); a build that is no longer
 * current is removed a day after it was replaced (an hour, past the ten most recently replaced).
 *
 *   node scripts/build-node.mjs           build unless the current build is fresh
 *   node scripts/build-node.mjs --force   build even if fresh (`npm run build:node`)
 *   node scripts/build-node.mjs --install as the first, but sources that do not compile are only
 *                                         reported (exit 0): npm's `prepare`, so `npm install` and
 *                                         `npm ci` build, and a tree mid-edit does not fail them
 *
 * bin/ssa.js imports freshBuild() and build() from here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where builds go; each in a folder named by its digest. */
export const OUT_DIR = join(root, 'dist/node');
const STAMP = join(OUT_DIR, 'build.json');
const FORMAT = 1;
/** Files that shape the output besides the sources (esbuild's version through its package.json). */
const CONFIG_FILES = ['scripts/build-node.mjs', 'tsconfig.base.json', 'tsconfig.node.json', 'node_modules/esbuild/package.json'];
const COMPILED_BUILD = 'src/server/workers/compiled-build.ts';
const WORKERS_DIR = 'src/server/workers';
/**
 * A replaced build is kept a day (a process started from it may still start worker threads from
 * it), but a busy day of edits keeps only the ten most recently replaced beyond their first hour
 * (a build is about 5 MB).
 */
const KEEP_OLD_MS = 24 * 3600_000;
const KEEP_RECENT_MS = 3600_000;
const KEEP_RECENT_COUNT = 10;

const posix = (path) => path.split(sep).join('/');

/** What a stat says about a file's content: size, mtime, ctime, inode. */
function print(path) {
  const s = statSync(join(root, path));
  return [s.size, s.mtimeMs, s.ctimeMs, s.ino];
}

function digestOf(contents) {
  const hash = createHash('sha256');
  for (const [path, content] of [...contents].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(path).update('\0').update(content).update('\0');
  return hash.digest('hex').slice(0, 20);
}

function readStamp() {
  try {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
    return stamp.format === FORMAT ? stamp : undefined;
  } catch {
    return undefined;
  }
}

function writeStamp(stamp) {
  const tmp = `${STAMP}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, `${JSON.stringify(stamp)}\n`);
  renameSync(tmp, STAMP);
}

/**
 * The compiled entry of the `ssa` command (an absolute path) if the current build was made from
 * the files as they are now; undefined if there is no build or something it was built from changed.
 */
export function freshBuild() {
  const stamp = readStamp();
  if (!stamp) return undefined;
  const entry = join(OUT_DIR, stamp.digest, 'ssa.js');
  if (!existsSync(entry)) return undefined;
  const prints = [];
  let same = true;
  for (const [path, ...recorded] of stamp.files) {
    let now;
    try {
      now = print(path);
    } catch {
      return undefined; // a file it was built from is gone
    }
    prints.push([path, ...now]);
    if (same && now.some((v, i) => v !== recorded[i])) same = false;
  }
  if (same) return entry;
  // A stat differs: compare contents (read after the stat, so a later write shows at the next check).
  let contents;
  try {
    contents = stamp.files.map(([path]) => [path, readFileSync(join(root, path))]);
  } catch {
    return undefined;
  }
  if (digestOf(contents) !== stamp.digest) return undefined;
  try {
    writeStamp({ ...stamp, files: prints });
  } catch {
    // read-only: the next start compares contents again
  }
  return entry;
}

/** Every worker thread entry: src/server/workers/**\/*-worker.ts. */
function workerEntries() {
  const found = [];
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('-worker.ts')) found.push(path);
    }
  };
  walk(WORKERS_DIR);
  const names = found.map((path) => path.slice(path.lastIndexOf('/') + 1, -'.ts'.length));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`two worker entries are named ${twice}.ts: the build's folder is flat`);
  return found.sort().map((path) => ({ in: path, name: path.slice(path.lastIndexOf('/') + 1, -'.ts'.length) }));
}

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.json': 'json' };

/**
 * esbuild plugin: loads every source file itself (recording its stat and content for the digest
 * and build.json), keeps each module's import.meta.url the URL of its source file, and replaces
 * compiled-build.ts with the build's own. (The rewrite is textual: an `import.meta.url` inside a
 * string literal would be rewritten too; none is, and a broken one fails the build, not the run.)
 */
function sourcesPlugin(loaded, workers, outDepth) {
  return {
    name: 'data-forge-sources',
    setup(build) {
      build.onLoad({ filter: /.*/ }, (args) => {
        const path = posix(relative(root, args.path));
        if (path.startsWith('..') || path.startsWith('node_modules/')) return undefined;
        const stat = print(path);
        const raw = readFileSync(args.path);
        loaded.set(path, { stat, content: raw });
        const ext = path.slice(path.lastIndexOf('.'));
        const loader = LOADERS[ext];
        if (!loader) return undefined;
        if (path === COMPILED_BUILD) {
          const names = JSON.stringify(workers.map((w) => `${w.name}.js`));
          return { loader: 'js', contents: `export const compiledBuild = { dir: new URL('./', import.meta.url), workers: ${names} };\n` };
        }
        let contents = raw.toString('utf8');
        if (loader !== 'json') {
          const source = JSON.stringify(`${outDepth}${path}`);
          contents = contents.replace(/\bimport\.meta\.url\b/g, `new URL(${source}, import.meta.url).href`);
        }
        return { loader, contents, resolveDir: join(args.path, '..') };
      });
    },
  };
}

/**
 * Builds into dist/node/<digest>/ and makes it current; returns the `ssa` entry's path. Throws on
 * a compile error (error.errors, from esbuild) or when the folder cannot be written.
 */
export async function build({ log = () => {} } = {}) {
  const started = performance.now();
  const esbuild = await import('esbuild');
  const loaded = new Map();
  for (const path of CONFIG_FILES) loaded.set(path, { stat: print(path), content: readFileSync(join(root, path)) });
  const workers = workerEntries();
  mkdirSync(OUT_DIR, { recursive: true });
  const tmp = join(OUT_DIR, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  // From a build's folder (dist/node/<digest>/) back to the repository root.
  const outDepth = `${posix(relative(join(OUT_DIR, 'x'), root))}/`;
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: [{ in: 'src/cli/run.ts', out: 'ssa' }, ...workers.map((w) => ({ in: w.in, out: `${w.name}.bundle` }))],
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      packages: 'external',
      tsconfig: 'tsconfig.node.json',
      // As tsx: function and class names as in the sources (stack traces, fastify plugin names).
      keepNames: true,
      sourcemap: 'linked',
      sourcesContent: false,
      chunkNames: 'chunk-[hash]',
      logLevel: 'silent',
      plugins: [sourcesPlugin(loaded, workers, outDepth)],
    });
    // Each worker starts on a small entry that turns source maps on before the bundle's modules
    // load (as bin/ssa.js does for the main thread), so error stacks name src/**/*.ts.
    for (const w of workers) {
      writeFileSync(join(tmp, `${w.name}.js`), `process.setSourceMapsEnabled(true);\nawait import('./${w.name}.bundle.js');\n`);
    }
    const digest = digestOf([...loaded].map(([path, { content }]) => [path, content]));
    const dir = join(OUT_DIR, digest);
    try {
      renameSync(tmp, dir);
    } catch (error) {
      // Another process made the same build meanwhile: use it.
      if (!existsSync(join(dir, 'ssa.js'))) throw error;
      rmSync(tmp, { recursive: true, force: true });
    }
    const previous = readStamp();
    const retired = (previous?.retired ?? []).filter(([d]) => d !== digest);
    if (previous && previous.digest !== digest) retired.push([previous.digest, Date.now()]);
    writeStamp({ format: FORMAT, digest, files: [...loaded].map(([path, { stat }]) => [path, ...stat]), retired: prune(digest, retired) });
    log(`Compiled the server and CLI into ${posix(relative(root, dir))} (esbuild, ${Math.round(performance.now() - started)} ms).`);
    return join(dir, 'ssa.js');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await esbuild.stop();
  }
}

/**
 * Removes replaced builds as KEEP_OLD_MS, KEEP_RECENT_MS and KEEP_RECENT_COUNT say (a folder
 * build.json does not name counts from when it was made), and temporary folders of builds that
 * died; returns the replaced builds still kept, with when they were replaced.
 */
function prune(current, retired) {
  const now = Date.now();
  const since = new Map(retired);
  const recent = new Set([...retired].sort((a, b) => b[1] - a[1]).slice(0, KEEP_RECENT_COUNT).map(([digest]) => digest));
  for (const e of readdirSync(OUT_DIR, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name === current) continue;
    const path = join(OUT_DIR, e.name);
    try {
      const age = now - (since.get(e.name) ?? statSync(path).mtimeMs);
      const keep = e.name.startsWith('.tmp-') ? 3600_000 : recent.has(e.name) ? KEEP_OLD_MS : KEEP_RECENT_MS;
      if (age > keep) {
        rmSync(path, { recursive: true, force: true });
        since.delete(e.name);
      }
    } catch {
      // removed by another process meanwhile
    }
  }
  return retired.filter(([digest]) => since.has(digest) && existsSync(join(OUT_DIR, digest)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const force = process.argv.includes('--force');
  const fresh = force ? undefined : freshBuild();
  if (fresh) console.log(`The compiled server and CLI are up to date (${posix(relative(root, join(fresh, '..')))}).`);
  else {
    try {
      await build({ log: console.log });
    } catch (error) {
      for (const e of error.errors ?? []) console.error(`${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ''}${e.text}`);
      if (error.errors && process.argv.includes('--install')) {
        console.error('build-node: the sources do not compile; no compiled build now (bin/ssa.js builds when they do, and runs them through tsx meanwhile)');
      } else {
        console.error(`build-node: ${error.errors ? 'the sources do not compile' : error.message}`);
        process.exit(1);
      }
    }
  }
}
