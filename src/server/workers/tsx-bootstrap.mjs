// Entry of every worker thread: registers tsx's loader (as bin/ssa.js does for the
// main thread; worker threads do not inherit it) and imports the TypeScript worker
// named by workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
