import { userInfo } from 'node:os';
import type { AccountService } from '../server/services/account-service.ts';

/** Who runs this `ssa`: `cli:<os user>` (the database has no account for a shell user). */
export function cliActor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli:unknown';
  }
}

/**
 * Records a write made by `ssa` in the audit log (issue 12: every write, through the API or the
 * CLI, says who, what and when). `status` is the command's exit code: 0 done, 2 refused input.
 */
export function auditCli(accounts: AccountService, command: string, status: number, detail: Record<string, unknown>): Promise<void> {
  return accounts.recordAudit({ at: new Date(), actor: cliActor(), via: 'cli', role: null, method: 'CLI', action: `ssa ${command}`, path: `ssa ${command}`, status, ip: null, detail });
}
