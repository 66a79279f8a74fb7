import { main } from './main.ts';

// Entry point of bin/ssa.js. A command that keeps running (serve) leaves the
// process alive; others end with their exit code.
const code = await main(process.argv.slice(2), process.env);
if (code !== 0) process.exitCode = code;
