import type { AccountRepository, CreatedVia, Role, TokenRow, UserRow } from '../repositories/account-repository.ts';
import { DuplicateUsernameError } from '../repositories/account-repository.ts';
import type { AuditEntry, AuditRepository } from '../repositories/audit-repository.ts';
import type { SessionRepository } from '../repositories/session-repository.ts';
import { hashApiToken, newApiToken, TOKEN_PATTERN } from '../auth/api-tokens.ts';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';

export const ROLES: readonly Role[] = ['viewer', 'operator', 'admin'];
const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

/** True when `role` may do what `needed` may (viewer < operator < admin). */
export const roleAllows = (role: Role, needed: Role): boolean => RANK[role] >= RANK[needed];

/** Who is asking: a signed-in user, a script with a token, or the loopback server's local operator. */
export interface Principal {
  userId: number | null;
  username: string;
  role: Role;
  via: 'session' | 'token' | 'local';
}

/** Usernames: what a login form and a shell can carry without quoting. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,63}$/;
/** NIST SP 800-63B §5.1.1.2: at least 8 characters; at most 64 must be allowed; we take up to 256. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export class AccountError extends Error {
  override name = 'AccountError';
  constructor(
    readonly kind: 'invalid' | 'conflict' | 'not-found' | 'last-admin',
    message: string,
  ) {
    super(message);
  }
}

export interface PublicUser {
  id: number;
  username: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
  createdVia: CreatedVia | null;
}

const publicUser = ({ passwordHash: _hash, ...user }: UserRow): PublicUser => user;

/** Accounts, passwords, API tokens and the audit log: the rules; the SQL is in the repositories. */
export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly audit: AuditRepository,
    private readonly sessions: SessionRepository,
  ) {}

  /** Deletes expired sessions (done at every sign-in rather than by a timer); returns how many. */
  pruneSessions(now: Date): Promise<number> {
    return this.sessions.prune(now);
  }

  static normaliseUsername(username: string): string {
    return username.trim().toLowerCase();
  }

  private static checkUsername(username: string): string {
    const name = AccountService.normaliseUsername(username);
    if (!USERNAME_PATTERN.test(name)) {
      throw new AccountError('invalid', `username '${username}' must be 2-64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit`);
    }
    return name;
  }

  private static checkPassword(password: string): void {
    if (password.length < PASSWORD_MIN) throw new AccountError('invalid', `the password must be at least ${PASSWORD_MIN} characters`);
    if (password.length > PASSWORD_MAX) throw new AccountError('invalid', `the password must be at most ${PASSWORD_MAX} characters`);
  }

  private static checkRole(role: string): Role {
    if (!(ROLES as readonly string[]).includes(role)) throw new AccountError('invalid', `role '${role}' must be one of ${ROLES.join(', ')}`);
    return role as Role;
  }

  async addUser(input: { username: string; password: string; role: string }, now: Date, createdVia: CreatedVia = 'cli'): Promise<PublicUser> {
    const username = AccountService.checkUsername(input.username);
    AccountService.checkPassword(input.password);
    const role = AccountService.checkRole(input.role);
    try {
      return publicUser(await this.accounts.createUser({ username, role, passwordHash: await hashPassword(input.password), createdVia }, now));
    } catch (error) {
      if (error instanceof DuplicateUsernameError) throw new AccountError('conflict', error.message);
      throw error;
    }
  }

  async listUsers(): Promise<PublicUser[]> {
    return (await this.accounts.listUsers()).map(publicUser);
  }

  /**
   * The accounts and live tokens made through the API while AUTH was off (issue 30 item 6): any
   * local process could make them, so a server starting with AUTH=on names them in its log.
   */
  async madeWhileAuthOff(): Promise<{ users: PublicUser[]; tokens: TokenRow[] }> {
    const users = (await this.accounts.listUsers()).filter((u) => u.createdVia === 'api_auth_off').map(publicUser);
    const tokens = (await this.accounts.listTokens()).filter((t) => t.createdVia === 'api_auth_off' && t.revokedAt === null);
    return { users, tokens };
  }

  async countAdmins(): Promise<number> {
    return this.accounts.countAdmins();
  }

  async findUser(idOrName: number | string): Promise<PublicUser | undefined> {
    const row = typeof idOrName === 'number' ? await this.accounts.findById(idOrName) : await this.accounts.findByUsername(AccountService.normaliseUsername(idOrName));
    return row ? publicUser(row) : undefined;
  }

  private async requireUser(idOrName: number | string): Promise<PublicUser> {
    const user = await this.findUser(idOrName);
    if (!user) throw new AccountError('not-found', `no user ${typeof idOrName === 'number' ? `with id ${idOrName}` : `named '${idOrName}'`}`);
    return user;
  }

  async updateUser(idOrName: number | string, patch: { role?: string; password?: string }, now: Date): Promise<PublicUser> {
    const user = await this.requireUser(idOrName);
    const fields: { role?: Role; passwordHash?: string } = {};
    if (patch.role !== undefined) fields.role = AccountService.checkRole(patch.role);
    if (patch.password !== undefined) {
      AccountService.checkPassword(patch.password);
      fields.passwordHash = await hashPassword(patch.password);
    }
    const updated = await this.accounts.updateUser(user.id, fields, now);
    if (updated === 'missing') throw new AccountError('not-found', `no user with id ${user.id}`);
    if (updated === 'last-admin') throw new AccountError('last-admin', `'${user.username}' is the last admin; make another admin first`);
    return publicUser(updated);
  }

  async removeUser(idOrName: number | string): Promise<PublicUser> {
    const user = await this.requireUser(idOrName);
    const result = await this.accounts.removeUser(user.id);
    if (result === 'missing') throw new AccountError('not-found', `no user with id ${user.id}`);
    if (result === 'last-admin') throw new AccountError('last-admin', `'${user.username}' is the last admin; make another admin first`);
    return user;
  }

  /** The user whose password this is, or undefined; takes as long for an unknown name as for a wrong password. */
  async verifyLogin(username: string, password: string): Promise<PublicUser | undefined> {
    const row = password.length <= PASSWORD_MAX ? await this.accounts.findByUsername(AccountService.normaliseUsername(username)) : undefined;
    const ok = await verifyPassword(password.slice(0, PASSWORD_MAX), row?.passwordHash ?? (await decoyHash()));
    return row && ok ? publicUser(row) : undefined;
  }

  /** Creates an API token for a user; the token itself is returned this once and stored only as its hash. */
  async createToken(idOrName: number | string, label: string, now: Date, createdVia: CreatedVia = 'cli'): Promise<{ token: string; record: TokenRow }> {
    const user = await this.requireUser(idOrName);
    const trimmed = label.trim();
    if (trimmed.length < 1 || trimmed.length > 100) throw new AccountError('invalid', 'the token label must be 1-100 characters');
    const { token, prefix, hash } = newApiToken();
    const record = await this.accounts.createToken({ userId: user.id, label: trimmed, prefix, tokenHash: hash, createdVia }, now);
    return { token, record };
  }

  async listTokens(idOrName?: number | string): Promise<TokenRow[]> {
    if (idOrName === undefined) return this.accounts.listTokens();
    return this.accounts.listTokens({ userId: (await this.requireUser(idOrName)).id });
  }

  async revokeToken(id: number, now: Date): Promise<void> {
    if (!(await this.accounts.revokeToken(id, now))) {
      const [token] = await this.accounts.listTokens({ id });
      throw new AccountError('not-found', token ? `token ${id} is already revoked` : `no token with id ${id}`);
    }
  }

  /** The principal of a bearer token, or undefined when it is unknown or revoked. */
  async authenticateToken(token: string, now: Date): Promise<Principal | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const found = await this.accounts.findLiveToken(hashApiToken(token));
    if (!found) return undefined;
    if (!found.token.lastUsedAt || now.getTime() - found.token.lastUsedAt.getTime() > 60_000) await this.accounts.touchToken(found.token.id, now);
    return { userId: found.user.id, username: found.user.username, role: found.user.role, via: 'token' };
  }

  /** The principal of a signed-in session's user id, or undefined when the user has been removed. */
  async principalOfUser(userId: number): Promise<Principal | undefined> {
    const user = await this.accounts.findById(userId);
    return user ? { userId: user.id, username: user.username, role: user.role, via: 'session' } : undefined;
  }

  async recordAudit(entry: AuditEntry): Promise<void> {
    await this.audit.record(entry);
  }

  listAudit(query: Parameters<AuditRepository['list']>[0]) {
    return this.audit.list(query);
  }
}
