import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs in strict mode, with its errors turned into UsageError. */
export function parseCommandLine<T extends Options>(args: string[], options: T, usage: string, allowPositionals = false) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError((error as Error).message, usage);
  }
}
