import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProximitiesResponse } from '../../contracts/conjunction-events.ts';
import type { AppContext } from '../app-context.ts';

/**
 * GET /api/proximities: pairs the continuous screening finds staying close (docked, formation,
 * proximity operations), open ones first. It takes no parameters and, like the other
 * parameterless lists (/api/events, /api/high-interest-objects, /api/conjunctions/active), has no
 * querystring schema, so a stray parameter is ignored rather than refused.
 */
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
    async () => ctx.services.proximities.list(),
  );
};
