import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of ARCHITECTURE.md must keep biting: lint snippets as if
// they were files in each layer and check what is refused.
const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('src/core stays pure', () => {
  it.each([
    ["import { readFileSync } from 'node:fs'; export const x = readFileSync;", 'no-restricted-imports'],
    ["import { buildApp } from '../server/app.ts'; export const x = buildApp;", 'no-restricted-imports'],
    ["import { z } from 'zod'; export const x = z;", 'no-restricted-imports'],
    ['export const t = Date.now();', 'no-restricted-properties'],
    ['export const t = new Date();', 'no-restricted-syntax'],
    ['export const r = Math.random();', 'no-restricted-properties'],
    ["export const f = () => fetch('/x');", 'no-restricted-globals'],
    ['export const w = () => window.innerWidth;', 'no-restricted-globals'],
    ['export const p = () => process.env;', 'no-restricted-globals'],
  ])('refuses %s', async (code, rule) => {
    expect(await ruleIds(code, 'src/core/probe.ts')).toContain(rule);
  });

  it('accepts pure code and explicit time', async () => {
    expect(await ruleIds('export const at = (ms: number): Date => new Date(ms);', 'src/core/probe.ts')).toEqual([]);
  });
});

describe('src/contracts and src/web', () => {
  it('refuses server imports in contracts', async () => {
    expect(await ruleIds("import { buildApp } from '../server/app.ts'; export const x = buildApp;", 'src/contracts/probe.ts')).toContain(
      'no-restricted-imports',
    );
  });

  it('refuses server imports in the web app', async () => {
    expect(await ruleIds("import { buildApp } from '../server/app.ts'; export const x = buildApp;", 'src/web/probe.ts')).toContain(
      'no-restricted-imports',
    );
  });
});

describe('src/core is entered through its index files', () => {
  it.each([
    ["import { createSgp4 } from '../../core/propagation/sgp4.ts'; export const x = createSgp4;", 'src/server/services/probe.ts', 'no-restricted-imports'],
    ["import { jb2008 } from '../../core/atmosphere/jb2008/jb2008.ts'; export const x = jb2008;", 'src/cli/commands/probe.ts', 'no-restricted-imports'],
    ["import { CALCULATOR_MODELS } from '../core/drag/calculator-input.ts'; export const x = CALCULATOR_MODELS;", 'src/contracts/probe.ts', 'no-restricted-imports'],
    ["import type { RoiInputs } from '../../core/finance/roi.ts'; export type X = RoiInputs;", 'src/web/lib/probe.ts', 'no-restricted-imports'],
    ["import type { RoiInputs } from '@core/finance/roi.ts'; export type X = RoiInputs;", 'src/web/lib/probe.ts', 'no-restricted-imports'],
    ["import { parseTle } from '../../src/core/elements/tle-parse.ts'; export const x = parseTle;", 'tests/integration/probe.test.ts', 'no-restricted-imports'],
    ["import { parseTle } from '../../core/elements/tle-parse.ts'; export const x = parseTle;", 'src/server/services/probe.test.ts', 'no-restricted-imports'],
    ["export const m = await import('../src/core/screening/conjunction-risk.ts');", 'scripts/probe.ts', 'no-restricted-syntax'],
  ])('refuses %s in %s', async (code, filePath, rule) => {
    expect(await ruleIds(code, filePath)).toContain(rule);
  });

  it.each([
    ["import { createSgp4 } from '../../core/propagation/index.ts'; export const x = createSgp4;", 'src/server/services/probe.ts'],
    ["import { jb2008 } from '../../core/atmosphere/jb2008/index.ts'; export const x = jb2008;", 'src/cli/commands/probe.ts'],
    ["import { utcMs } from '@core/units.ts'; export const x = utcMs;", 'src/web/lib/probe.ts'],
    ["import { trendOf } from '@core/drag/index.ts'; export const x = trendOf;", 'src/web/lib/probe.ts'],
    ["import { MS_PER_DAY } from '../time/julian.ts'; export const x = MS_PER_DAY;", 'src/core/drag/probe.ts'],
  ])('accepts %s in %s', async (code, filePath) => {
    expect(await ruleIds(code, filePath)).toEqual([]);
  });
});
