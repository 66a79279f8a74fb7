import { once } from 'node:events';
import { readFile } from 'node:fs/promises';

/** Where a command reads and writes; tests pass their own. */
export interface CommandIo {
  readonly stdout: (text: string) => void | Promise<void>;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => Promise<string>;
}

let pipeHandlerInstalled = false;

/** The real process: stdout with back-pressure, stderr, UTF-8 files. */
export const processIo: CommandIo = {
  stdout: async (text) => {
    if (!pipeHandlerInstalled) {
      pipeHandlerInstalled = true;
      // `ssa … | head` closes the pipe early: that ends the output, it is not a failure.
      process.stdout.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE') process.exit(0);
        throw error;
      });
    }
    if (!process.stdout.write(text)) await once(process.stdout, 'drain');
  },
  stderr: (text) => void process.stderr.write(text),
  readFile: (path) => readFile(path, 'utf8'),
};
