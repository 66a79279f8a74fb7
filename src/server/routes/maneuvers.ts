import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RecentManeuversResponse } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';

/** Manoeuvres detected in the element-set history (DECISIONS.md §7), polled every 5 s. */
export const maneuversRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  snapshotRoute(app, '/api/maneuvers/recent', { tags: ['operations'], summary: 'Manoeuvres detected in the last 30 days, newest first' }, RecentManeuversResponse, () => ctx.services.operationsReadModel.recentManeuvers());
};
