/**
 * The reference sets vendored in tests/reference are what their READMEs say: every file listed
 * in each README's provenance table with its size and sha256, no file more or less; and where
 * ../shared/reference is present, byte-exact copies of its folders (the other files there, the
 * README included, are not compared: the vendored README carries a provenance header).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VENDORED_DIR, VENDORED_FILES, VENDORED_SETS } from '../reference/index.ts';
import { REFERENCE_DIR } from './support/reference.ts';

/** Every file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((e) => e.isFile())
    .map((e) => `${e.parentPath}/${e.name}`.slice(dir.length).replace(/^\/+/, ''))
    .sort();
}

describe.each(VENDORED_SETS)('tests/reference/%s', (set) => {
  const dir = `${VENDORED_DIR}${set}/`;
  const readme = readFileSync(`${dir}README.md`, 'utf8');
  const table = [...readme.matchAll(/^\| `([^`]+)` \| ([\d,]+) \| `([0-9a-f]{64})` \|$/gm)].map((m) => ({ file: m[1]!, bytes: Number(m[2]!.replaceAll(',', '')), sha256: m[3]! }));

  it('has a provenance header, then the original README', () => {
    expect(readme).toMatch(new RegExp(`byte-exact copy of\\s+\`\\.\\./shared/reference/${set}/\``));
    expect(readme).toMatch(/made on\s+2026-11-27/);
    expect(readme).toContain('\n---\n\n# ');
  });

  it('holds exactly the files its README lists, each with the listed size and sha256', () => {
    expect(table.length).toBeGreaterThan(0);
    expect(filesUnder(dir).filter((f) => f !== 'README.md')).toEqual(table.map((t) => t.file).sort());
    for (const { file, bytes, sha256 } of table) {
      const data = readFileSync(`${dir}${file}`);
      expect(data.length, file).toBe(bytes);
      expect(createHash('sha256').update(data).digest('hex'), file).toBe(sha256);
    }
    for (const f of VENDORED_FILES.filter((v) => v.startsWith(`${set}/`))) expect(existsSync(`${VENDORED_DIR}${f}`), f).toBe(true);
  });

  it.skipIf(!existsSync(`${REFERENCE_DIR}${set}`))('equals ../shared/reference byte for byte where that is present', () => {
    const shared = `${REFERENCE_DIR}${set}/`;
    expect(filesUnder(shared).filter((f) => f !== 'README.md')).toEqual(table.map((t) => t.file).sort());
    for (const { file } of table) expect(readFileSync(`${dir}${file}`).equals(readFileSync(`${shared}${file}`)), file).toBe(true);
    // The original README follows the provenance header unchanged.
    expect(readme.endsWith(readFileSync(`${shared}README.md`, 'utf8'))).toBe(true);
  });
});
