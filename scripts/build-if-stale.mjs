#!/usr/bin/env node
// `npm start` runs this first: it builds the web app (vite build → dist/web)
// when dist/web is missing or was built from different sources, so a fresh
// clone needs only `npm install && npm start`, and a restart skips the build.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = ['src/web', 'src/core', 'src/contracts', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.web.json'];
const stampPath = join(root, 'dist/web/.build-stamp');

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else if (!/\.test\.tsx?$/.test(path)) {
    yield path;
  }
}

const hash = createHash('sha256');
for (const input of inputs) {
  for (const file of files(join(root, input))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
}
const digest = hash.digest('hex');
const current = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : '';
if (current === digest && existsSync(join(root, 'dist/web/index.html'))) process.exit(0);

console.log('Building the web app (vite build)...');
const vite = join(root, 'node_modules/vite/bin/vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampPath, `${digest}\n`);
