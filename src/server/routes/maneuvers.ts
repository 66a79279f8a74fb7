import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RecentManeuversResponse } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { NotModified, sendSnapshot } from '../http/etag.ts';

/** Manoeuvres detected in the element-set history (DECISIONS.md §7), polled every 5 s. */
export const maneuversRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/maneuvers/recent',
    {
      schema: {
        tags: ['operations'],
        summary: 'Manoeuvres detected in the last 30 days, newest first',
        response: { 200: RecentManeuversResponse, 304: NotModified },
      },
    },
    async (request, reply) => sendSnapshot(request, reply, ctx.services.operations.recentManeuvers()),
  );
};
