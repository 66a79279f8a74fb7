import { and, asc, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { apiTokens, sessions, users } from '../db/schema.ts';
import { isUniqueViolationOf } from './database-errors.ts';

export type Role = 'viewer' | 'operator' | 'admin';
/**
 * Where an account or token was made (issue 30 item 6): `cli` (ssa user, by whoever may run it on
 * the server's machine), `api` (an admin signed in, AUTH on), `api_auth_off` (the API while AUTH
 * was off: any local process could); null for those made before this was recorded.
 */
export type CreatedVia = 'cli' | 'api' | 'api_auth_off';

export interface UserRow {
  id: number;
  username: string;
  passwordHash: string;
  role: Role;
  createdAt: Date;
  updatedAt: Date;
  createdVia: CreatedVia | null;
}

export interface TokenRow {
  id: number;
  userId: number;
  username: string;
  label: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdVia: CreatedVia | null;
}

export class DuplicateUsernameError extends Error {
  override name = 'DuplicateUsernameError';
}

/** Accounts and their API tokens. The only code that touches `users` and `api_tokens` (and `sessions`, to end a user's sessions when the password changes). */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  async createUser(input: { username: string; passwordHash: string; role: Role; createdVia: CreatedVia }, now: Date): Promise<UserRow> {
    try {
      const [row] = await this.db
        .insert(users)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('users insert returned nothing');
      return toUser(row);
    } catch (error) {
      if (isUniqueViolationOf(error, 'users_username_uq')) throw new DuplicateUsernameError(`A user named '${input.username}' already exists`);
      throw error;
    }
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username));
    return row ? toUser(row) : undefined;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ? toUser(row) : undefined;
  }

  async listUsers(): Promise<UserRow[]> {
    return (await this.db.select().from(users).orderBy(asc(users.username))).map(toUser);
  }

  async countAdmins(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
    return Number(row?.n ?? 0);
  }

  /**
   * Changes a user's role or password, in one transaction that first locks every admin row, so two
   * demotions (or a demotion and a removal) at once cannot leave no admin. A new password also ends
   * the user's sessions (a reset must lock out whoever knew the old one).
   */
  async updateUser(id: number, fields: { role?: Role; passwordHash?: string }, now: Date): Promise<UserRow | 'missing' | 'last-admin'> {
    return this.db.transaction(async (tx) => {
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!target) return 'missing';
      if (target.role === 'admin' && fields.role !== undefined && fields.role !== 'admin' && admins.length <= 1) return 'last-admin';
      const [row] = await tx
        .update(users)
        .set({ ...fields, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      if (fields.passwordHash !== undefined) await tx.delete(sessions).where(eq(sessions.userId, id));
      return row ? toUser(row) : 'missing';
    });
  }

  /**
   * Removes a user (its sessions and tokens go with it: ON DELETE CASCADE) unless that would leave
   * no admin: every admin row is locked first, so concurrent removals cannot both pass the check.
   */
  async removeUser(id: number): Promise<'removed' | 'missing' | 'last-admin'> {
    return this.db.transaction(async (tx) => {
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!target) return 'missing';
      if (target.role === 'admin' && admins.length <= 1) return 'last-admin';
      await tx.delete(users).where(eq(users.id, id));
      return 'removed';
    });
  }

  async createToken(input: { userId: number; label: string; prefix: string; tokenHash: string; createdVia: CreatedVia }, now: Date): Promise<TokenRow> {
    const [row] = await this.db
      .insert(apiTokens)
      .values({ ...input, createdAt: now })
      .returning({ id: apiTokens.id });
    if (!row) throw new Error('api_tokens insert returned nothing');
    const token = (await this.listTokens({ id: row.id }))[0];
    if (!token) throw new Error('api_tokens row vanished');
    return token;
  }

  async listTokens(filter: { userId?: number; id?: number } = {}): Promise<TokenRow[]> {
    const rows = await this.db
      .select({
        id: apiTokens.id,
        userId: apiTokens.userId,
        username: users.username,
        label: apiTokens.label,
        prefix: apiTokens.prefix,
        createdAt: apiTokens.createdAt,
        lastUsedAt: apiTokens.lastUsedAt,
        revokedAt: apiTokens.revokedAt,
        createdVia: apiTokens.createdVia,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(and(filter.userId === undefined ? undefined : eq(apiTokens.userId, filter.userId), filter.id === undefined ? undefined : eq(apiTokens.id, filter.id)))
      .orderBy(desc(apiTokens.id));
    return rows.map((r) => ({ ...r, createdVia: r.createdVia as CreatedVia | null }));
  }

  /** Marks a token revoked; false when there is no such token or it was already revoked. */
  async revokeToken(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return rows.length > 0;
  }

  /** The live token with this hash and its user. */
  async findLiveToken(tokenHash: string): Promise<{ token: { id: number; lastUsedAt: Date | null }; user: UserRow } | undefined> {
    const [row] = await this.db
      .select({ token: { id: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt }, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)));
    return row ? { token: row.token, user: toUser(row.user) } : undefined;
  }

  /** Records a token's use, at most once a minute (a script polling must not write on every call). */
  async touchToken(id: number, now: Date): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - 60_000)))));
  }
}

function toUser(row: typeof users.$inferSelect): UserRow {
  return { ...row, role: row.role as Role, createdVia: row.createdVia as CreatedVia | null };
}
