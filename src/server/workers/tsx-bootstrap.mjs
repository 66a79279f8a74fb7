// Entry of a worker thread when the code runs from the TypeScript sources (Vitest, `npm run
// bench` and other tsx scripts, `SSA_FROM_SOURCE=1`): registers tsx's loader (worker threads do
// not inherit the main thread's) and imports the TypeScript worker named by workerData.entry.
// Compiled code (dist/node) starts its workers from compiled files instead (worker-thread.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
