import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventsResponse } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';

/** Operations events (DECISIONS.md §7), polled every 2 s: a prebuilt list with an ETag. */
export const eventsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  snapshotRoute(app, '/api/events', { tags: ['operations'], summary: 'Operations events, newest first: CDMs generated, manoeuvres detected, catalogue updates, launches, alert changes' }, EventsResponse, () => ctx.services.operationsReadModel.events());
};
