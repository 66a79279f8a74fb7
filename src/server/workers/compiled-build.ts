/**
 * Where this code runs from. This file is the sources' version: no compiled build, so worker
 * threads start through tsx-bootstrap.mjs (tsx, vitest, `SSA_FROM_SOURCE=1`). The ahead-of-time
 * build (scripts/build-node.mjs) replaces this module in its bundle with one that exports the
 * build's folder and the worker entries compiled into it, so compiled code starts its workers
 * from compiled files, without tsx (worker-thread.ts).
 */
export interface CompiledBuild {
  /** The folder of the compiled files (dist/node/<digest>/). */
  readonly dir: URL;
  /** File names of the compiled worker entries, e.g. 'screening-worker.js'. */
  readonly workers: readonly string[];
}

export const compiledBuild: CompiledBuild | undefined = undefined;
