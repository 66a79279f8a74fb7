import { z } from 'zod';
import { isoInstant } from './time.ts';

/** Accounts, sign-in, API tokens and the audit log (issue 12). */

export const Role = z.enum(['viewer', 'operator', 'admin']).describe('viewer reads; operator also writes (imports, high-interest objects, analyses, CDMs); admin also manages accounts');
export type Role = z.infer<typeof Role>;

const Username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{1,63}$/, "2-64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit");
const Password = z.string().min(8, 'at least 8 characters').max(256, 'at most 256 characters');

export const SessionUser = z
  .object({ username: z.string(), role: Role, via: z.enum(['session', 'token', 'local']) })
  .meta({ id: 'SessionUser' });

export const SessionResponse = z
  .object({
    authRequired: z.boolean().describe('True when the server has accounts (AUTH=on): the web app shows its login page until signed in'),
    user: SessionUser.nullable(),
    csrfToken: z.string().nullable().describe('Send as the x-csrf-token header with every cookie-authenticated write'),
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const LoginRequest = z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(256) }).meta({ id: 'LoginRequest' });

/** Where an account or token was made (issue 30 item 6); null: before this was recorded. */
export const CreatedVia = z
  .enum(['cli', 'api', 'api_auth_off'])
  .nullable()
  .describe('cli: ssa user on the server machine; api: by an admin signed in; api_auth_off: through the API while AUTH was off (any local process could); null: made before this was recorded');
export const User = z
  .object({ id: z.number().int(), username: z.string(), role: Role, createdAt: z.iso.datetime(), updatedAt: z.iso.datetime(), createdVia: CreatedVia })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;
export const UsersResponse = z.object({ users: z.array(User) }).meta({ id: 'UsersResponse' });
export const CreateUser = z.object({ username: Username, password: Password, role: Role }).meta({ id: 'CreateUser' });
export const UpdateUser = z
  .object({ role: Role.optional(), password: Password.optional() })
  .refine((v) => v.role !== undefined || v.password !== undefined, 'give role or password')
  .meta({ id: 'UpdateUser' });
export const UserParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const ApiToken = z
  .object({
    id: z.number().int(),
    username: z.string(),
    label: z.string(),
    prefix: z.string().describe('The first 12 characters, to recognise the token'),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    createdVia: CreatedVia,
  })
  .meta({ id: 'ApiToken' });
export const ApiTokensResponse = z.object({ tokens: z.array(ApiToken) }).meta({ id: 'ApiTokensResponse' });
export const CreateApiToken = z.object({ label: z.string().trim().min(1).max(100) }).meta({ id: 'CreateApiToken' });
export const CreatedApiToken = z
  .object({ token: z.string().describe('Shown this once; only its SHA-256 is stored. Send as "Authorization: Bearer <token>"'), record: ApiToken })
  .meta({ id: 'CreatedApiToken' });
export const TokenParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const AuditQuery = z.object({
  actor: z.string().max(100).optional(),
  from: isoInstant().optional(),
  to: isoInstant().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    actor: z.string(),
    via: z.enum(['session', 'token', 'local', 'cli', 'anonymous']),
    role: z.string().nullable(),
    method: z.string(),
    action: z.string().describe('The route pattern, or the CLI command'),
    path: z.string(),
    status: z.number().int(),
    ip: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
export const AuditResponse = z.object({ total: z.number().int(), entries: z.array(AuditEntry) }).meta({ id: 'AuditResponse' });
