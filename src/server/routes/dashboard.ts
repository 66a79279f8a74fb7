import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardStats } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';

/** Dashboard stats (DECISIONS.md §7): counts over the operations data, with an ETag. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  snapshotRoute(app, '/api/dashboard/stats', { tags: ['operations'], summary: 'Dashboard counts: active alerts, manoeuvres (30 days), high-interest objects, threat levels, tracked objects, daily screens' }, DashboardStats, () => ctx.services.operationsReadModel.stats());
};
