import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProximitiesResponse } from '../../contracts/conjunction-events.ts';
import type { AppContext } from '../app-context.ts';
import { proximityOf } from '../services/conjunctions/proximity-views.ts';

/** GET /api/proximities: pairs the continuous screening finds staying close (docked, formation, proximity operations), open ones first. */
export const proximitiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/proximities',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'Pairs that stay close (not conjunctions): docked or attached, formation, proximity operations',
        response: { 200: ProximitiesResponse },
      },
    },
    async () => {
      const rows = await ctx.repositories.proximities.list(1000);
      return rows.map((row) => proximityOf(row, (norad) => ctx.services.catalog.entry(norad)));
    },
  );
};
