import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventsResponse } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { NotModified, sendSnapshot } from '../http/etag.ts';

/** Operations events (DECISIONS.md §7), polled every 2 s: a prebuilt list with an ETag. */
export const eventsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/events',
    {
      schema: {
        tags: ['operations'],
        summary: 'Operations events, newest first: CDMs generated, manoeuvres detected, catalogue updates, launches, alert changes',
        response: { 200: EventsResponse, 304: NotModified },
      },
    },
    async (request, reply) => sendSnapshot(request, reply, ctx.services.operations.events()),
  );
};
