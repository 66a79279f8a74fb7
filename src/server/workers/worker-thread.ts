/**
 * Starts a worker thread on a TypeScript worker module, from wherever this code runs:
 *  - compiled ahead of time (dist/node, scripts/build-node.mjs, what `bin/ssa.js` runs): the
 *    compiled entry of the same name in the build's folder, with no loader (every
 *    `src/server/workers/**\/*-worker.ts` is an entry of the build);
 *  - from the sources (tsx, vitest): tsx-bootstrap.mjs, which registers tsx's loader in the
 *    thread (loaders are not inherited) and imports the TypeScript module.
 */
import { Worker } from 'node:worker_threads';
import { compiledBuild } from './compiled-build.ts';

const BOOTSTRAP = new URL('./tsx-bootstrap.mjs', import.meta.url);

/**
 * `source`: the worker module's source URL, e.g. new URL('./screening-worker.ts', import.meta.url).
 * `data`: the worker's workerData (from the sources, with `entry` added for the bootstrap).
 */
export function startWorker(source: URL, data: Record<string, unknown> = {}): Worker {
  if (!compiledBuild) return new Worker(BOOTSTRAP, { workerData: { ...data, entry: source.href } });
  const name = source.pathname.slice(source.pathname.lastIndexOf('/') + 1).replace(/\.ts$/, '.js');
  if (!compiledBuild.workers.includes(name)) throw new Error(`worker ${name} is not in the compiled build (scripts/build-node.mjs compiles src/server/workers/**/*-worker.ts)`);
  return new Worker(new URL(name, compiledBuild.dir), { workerData: data });
}
