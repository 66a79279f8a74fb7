import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardStats } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { NotModified, sendSnapshot } from '../http/etag.ts';

/** Dashboard stats (DECISIONS.md §7): counts over the operations data, with an ETag. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/dashboard/stats',
    {
      schema: {
        tags: ['operations'],
        summary: 'Dashboard counts: active alerts, manoeuvres (30 days), high-interest objects, threat levels, tracked objects, daily screens',
        response: { 200: DashboardStats, 304: NotModified },
      },
    },
    async (request, reply) => sendSnapshot(request, reply, ctx.services.operations.stats()),
  );
};
