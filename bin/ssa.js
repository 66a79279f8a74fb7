#!/usr/bin/env node
// The `ssa` command. Runs the server and CLI compiled ahead of time (dist/node, built at install
// by scripts/build-node.mjs) when that build is fresh, i.e. made from the sources as they are now
// (one stat per source file). When a source changed since, it rebuilds first (esbuild, about
// 0.3 s), so an edit is never run stale. It runs the TypeScript sources through tsx's loader, as
// before the build existed, when SSA_FROM_SOURCE=1 or when no build can be made (the sources do
// not compile: tsx then reports the error; or dist/node cannot be written). See ARCHITECTURE.md,
// "How the code runs".
import { pathToFileURL } from 'node:url';
import { build, freshBuild } from '../scripts/build-node.mjs';

async function compiledEntry() {
  if (process.env.SSA_FROM_SOURCE === '1') return undefined;
  const fresh = freshBuild();
  if (fresh) return fresh;
  try {
    return await build();
  } catch (error) {
    // A compile error is left to tsx to report, with its file and line, as before.
    if (!error?.errors) process.stderr.write(`ssa: note: cannot build the compiled server and CLI (${error?.message ?? error}); running the sources through tsx\n`);
    return undefined;
  }
}

const entry = await compiledEntry();
if (entry) {
  // Error stacks name the TypeScript sources (the build's source maps), as under tsx.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/run.ts');
}
