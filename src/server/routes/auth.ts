import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginRequest, SessionResponse } from '../../contracts/auth.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Sign-in (issue 12): the web app asks GET /api/auth/session whether it must show its login page,
 * signs in with POST /api/auth/login (a new session id: no fixation, OWASP Session Management
 * Cheat Sheet "Renew the Session ID After Any Privilege Level Change") and out with
 * POST /api/auth/logout. Login is rate-limited per account and address.
 */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['accounts'];
  const authOn = ctx.config.AUTH === 'on';
  const accounts = ctx.services.accounts;

  const sessionOf = (request: { principal: { username: string; role: 'viewer' | 'operator' | 'admin'; via: 'session' | 'token' | 'local' } | null }, csrfToken: string | null) => ({
    authRequired: authOn,
    user: request.principal ? { username: request.principal.username, role: request.principal.role, via: request.principal.via } : null,
    csrfToken,
  });

  app.get(
    '/api/auth/session',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Who is signed in, whether sign-in is required, and the CSRF token for writes', response: { 200: SessionResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sessionOf(request, request.principal?.via === 'session' ? reply.generateCsrf() : null);
    },
  );

  // Per (address, account): an attacker guessing one account from one address is stopped; a
  // user mistyping from another desk is not locked out. A second, looser limit per account alone
  // stops guessing spread over many addresses (OWASP Authentication Cheat Sheet, "Login Throttling").
  // And a third per address alone, so one address cannot try a few passwords on every account; it
  // is ten times the per-account one, since a whole office may sign in through one NAT address.
  const perAccount = app.createRateLimit({
    max: ctx.config.LOGIN_ATTEMPTS_PER_15_MIN * 5,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `login-account:${usernameOf(request.body)}`,
  });
  const perAddress = app.createRateLimit({
    max: ctx.config.LOGIN_ATTEMPTS_PER_15_MIN * 10,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `login-address:${request.ip}`,
  });

  app.post(
    '/api/auth/login',
    {
      config: {
        access: 'public',
        audit: false,
        ...(authOn && {
          rateLimit: {
            max: ctx.config.LOGIN_ATTEMPTS_PER_15_MIN,
            timeWindow: '15 minutes',
            // After validation, so the body's username is known.
            hook: 'preHandler' as const,
            keyGenerator: (request: { ip: string; body?: unknown }) => `login:${request.ip}:${usernameOf(request.body)}`,
          },
        }),
      },
      schema: {
        tags,
        summary: 'Sign in with a username and password; sets the HttpOnly, SameSite=Strict session cookie',
        body: LoginRequest,
        response: { 200: SessionResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (!authOn) throw new HttpError(400, 'This server has no accounts (AUTH=off): there is nothing to sign in to');
      const attempted = usernameOf(request.body);
      // The row names the account only when there is one: people type passwords into the username field.
      const audit = async (status: number) => {
        const actor = (await accounts.findUser(attempted)) ? attempted : '(unknown user)';
        await accounts.recordAudit({ at: new Date(), actor, via: 'anonymous', role: null, method: 'POST', action: '/api/auth/login', path: '/api/auth/login', status, ip: request.ip, detail: null });
      };
      for (const [limiter, what] of [
        [perAddress, 'from this address'],
        [perAccount, `for '${attempted}'`],
      ] as const) {
        const limited = await limiter(request);
        if (!limited.isAllowed && limited.isExceeded) {
          await audit(429);
          throw new HttpError(429, `Too many sign-in attempts ${what}; try again in ${Math.ceil(limited.ttl / 1000)} s`);
        }
      }
      const user = await accounts.verifyLogin(request.body.username, request.body.password);
      if (!user) {
        await audit(401);
        throw new HttpError(401, 'Wrong username or password');
      }
      await accounts.pruneSessions(new Date());
      await request.session.regenerate();
      request.session.userId = user.id;
      request.principal = { userId: user.id, username: user.username, role: user.role, via: 'session' };
      await audit(200);
      return sessionOf(request, reply.generateCsrf());
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out: the session is deleted on the server and its cookie cleared', response: { 204: z.null().describe('Signed out (no body)') } },
    },
    async (request, reply) => {
      if (authOn && request.session?.userId !== undefined) await request.session.destroy();
      return reply.status(204).send(null);
    },
  );
};

function usernameOf(body: unknown): string {
  const name = body && typeof body === 'object' && 'username' in body ? (body as { username: unknown }).username : undefined;
  return typeof name === 'string' ? name.trim().toLowerCase().slice(0, 64) : '';
}
