import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiTokensResponse, CreateApiToken, CreatedApiToken, CreateUser, TokenParams, UpdateUser, User, UserParams, UsersResponse } from '../../contracts/auth.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../http/errors.ts';
import { AccountError, type PublicUser } from '../services/account-service.ts';
import type { CreatedVia, TokenRow } from '../repositories/account-repository.ts';

const STATUS: Record<AccountError['kind'], number> = { invalid: 400, conflict: 409, 'not-found': 404, 'last-admin': 409 };

/** Answers an AccountError with its status and message. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountError) throw new HttpError(STATUS[error.kind], error.message);
    throw error;
  }
}

const userJson = (u: PublicUser) => ({ ...u, createdAt: u.createdAt.toISOString(), updatedAt: u.updatedAt.toISOString() });
const tokenJson = (t: TokenRow) => ({
  id: t.id,
  username: t.username,
  label: t.label,
  prefix: t.prefix,
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  revokedAt: t.revokedAt?.toISOString() ?? null,
  createdVia: t.createdVia,
});

/** Where an account or token made through the API comes from (issue 30 item 6): with AUTH off, any local process could make it. */
const createdVia = (request: FastifyRequest): CreatedVia => (request.principal?.via === 'local' ? 'api_auth_off' : 'api');

/** Accounts and API tokens, for admins (issue 12). `ssa user` does the same from the shell. */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['accounts'];
  const accounts = ctx.services.accounts;
  const admin = { access: 'admin' as const };

  app.get('/api/users', { config: admin, schema: { tags, summary: 'Every account (admin)', response: { 200: UsersResponse } } }, async () => ({
    users: (await accounts.listUsers()).map(userJson),
  }));

  app.post(
    '/api/users',
    { config: { ...admin, auditBody: ['username', 'role'] }, schema: { tags, summary: 'Create an account (admin)', body: CreateUser, response: { 201: User, 400: ErrorResponse, 409: ErrorResponse } } },
    async (request, reply) => reply.status(201).send(userJson(await answering(() => accounts.addUser(request.body, new Date(), createdVia(request))))),
  );

  app.patch(
    '/api/users/:id',
    {
      // The audit row keeps the new role, never the password.
      config: { ...admin, auditBody: ['role'] },
      schema: { tags, summary: "Change an account's role or password (admin)", params: UserParams, body: UpdateUser, response: { 200: User, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse } },
    },
    async (request) => userJson(await answering(() => accounts.updateUser(request.params.id, request.body, new Date()))),
  );

  app.delete(
    '/api/users/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove an account with its sessions and tokens (admin; never the last admin)',
        params: UserParams,
        response: { 204: z.null().describe('Removed (no body)'), 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      await answering(() => accounts.removeUser(request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:id/tokens',
    { config: admin, schema: { tags, summary: "An account's API tokens (admin)", params: UserParams, response: { 200: ApiTokensResponse, 404: ErrorResponse } } },
    async (request) => ({ tokens: (await answering(() => accounts.listTokens(request.params.id))).map(tokenJson) }),
  );

  app.post(
    '/api/users/:id/tokens',
    {
      config: { ...admin, auditBody: ['label'] },
      schema: {
        tags,
        summary: 'Create an API token for an account (admin); the token is in this response only',
        params: UserParams,
        body: CreateApiToken,
        response: { 201: CreatedApiToken, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { token, record } = await answering(() => accounts.createToken(request.params.id, request.body.label, new Date(), createdVia(request)));
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ token, record: tokenJson(record) });
    },
  );

  app.get('/api/tokens', { config: admin, schema: { tags, summary: 'Every API token (admin)', response: { 200: ApiTokensResponse } } }, async () => ({
    tokens: (await accounts.listTokens()).map(tokenJson),
  }));

  app.delete(
    '/api/tokens/:id',
    {
      config: admin,
      schema: { tags, summary: 'Revoke an API token (admin)', params: TokenParams, response: { 204: z.null().describe('Revoked (no body)'), 404: ErrorResponse } },
    },
    async (request, reply) => {
      await answering(() => accounts.revokeToken(request.params.id, new Date()));
      return reply.status(204).send(null);
    },
  );
};
