import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '../../contracts/health.ts';
import type { AppContext } from '../app-context.ts';

/** GET /api/health: the server is listening only after migrations ran, so reaching this means ready. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Readiness and version', response: { 200: HealthResponse } } },
    async () => ({ status: 'ok' as const, version: ctx.version, database: ctx.database.kind, catalog: ctx.services.catalog.stats() }),
  );
};
