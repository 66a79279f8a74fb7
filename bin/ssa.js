#!/usr/bin/env node
// The `ssa` command. Runs the TypeScript sources through tsx's loader, so the
// CLI and the server need no separate compile step (see ARCHITECTURE.md).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/run.ts');
