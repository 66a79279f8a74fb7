import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '../../contracts/health.ts';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/error-handler.ts';
import { connectionFailureReason } from '../repositories/database-errors.ts';

/** How long the health check waits for the database's answer: a pool that cannot connect may otherwise wait for the OS's TCP timeout. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2000;

/** The text of a probe that got no answer in time. */
const noAnswer = (timeoutMs: number) => `no answer to 'select 1' within ${timeoutMs / 1000} s`;

/** Undefined when the database answers `select 1` within `timeoutMs`, else why not. */
export async function databaseProblem(db: Db, timeoutMs = HEALTH_DATABASE_TIMEOUT_MS): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(noAnswer(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => undefined), timeout]);
  } catch (error) {
    return connectionFailureReason(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: the server is listening only after migrations ran, so reaching this means started; it is
 * healthy when its database answers too. 503 while the database is unreachable (load balancers and the
 * browser tests' harness read the status), with the reason.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/health',
    {
      // Load balancers and probes ask without an account (issue 12); it tells nothing secret.
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness, version and whether the database answers',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      const problem = await databaseProblem(ctx.database.db);
      const base = { version: ctx.version, database: ctx.database.kind, catalog: ctx.services.catalog.stats() };
      if (problem === undefined) return { status: 'ok' as const, ...base, databaseStatus: 'ok' as const };
      // Embedded PGlite runs in this process: it cannot be unreachable, only queued behind a long
      // transaction (an import holds its single connection for seconds). That is up, and busy.
      if (ctx.database.kind === 'pglite' && problem === noAnswer(HEALTH_DATABASE_TIMEOUT_MS)) return { status: 'ok' as const, ...base, databaseStatus: 'busy' as const };
      // The driver's message may name the database host: only for those signed in (or on loopback).
      const mayKnow = request.principal !== null;
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, ...base, databaseStatus: 'unreachable' as const, ...(mayKnow && { databaseError: problem }) });
    },
  );
};
