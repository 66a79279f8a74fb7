/**
 * Test helper only (no `.test.ts`, so Vitest does not collect it): what the command tests
 * share. Run a command with an io that collects its output, hand it files from a temporary
 * folder or from memory, and check the UsageError it throws.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { CommandIo } from '../io.ts';
import { UsageError } from '../usage-error.ts';

type Command = (args: string[], env: Record<string, string | undefined>, io: CommandIo) => Promise<void>;
type ReadFile = CommandIo['readFile'];

/** Reads a UTF-8 file from disk, as the real command does. */
export const readFromDisk: ReadFile = async (path) => readFileSync(path, 'utf8');

/** Reads from `files` (path → text); a path not in it fails as a missing file does. */
export function readFromMemory(files: Record<string, string>): ReadFile {
  return async (path) => {
    const text = files[path];
    if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
    return text;
  };
}

/** Runs `command` with `args`, an empty environment, and an io that collects stdout and stderr. */
export async function runCommand(command: Command, args: string[], readFile: ReadFile = readFromDisk): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readFile,
  };
  await command(args, {}, io);
  return { stdout, stderr };
}

/** A temporary folder `dir`, removed after the test file; `file(name, content)` writes one and returns its path. */
export function tempFolder(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  return { dir, file };
}

/** Expects `run` to reject with a UsageError carrying `usage` (`label` names the case), and returns it. */
export async function expectUsageError(run: Promise<unknown>, usage: string, label?: string): Promise<UsageError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, label).toBeInstanceOf(UsageError);
  expect((error as UsageError).usage).toBe(usage);
  return error as UsageError;
}
