import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvoidanceAnalysis, AvoidanceRequest } from '../../contracts/avoidance.ts';
import { ConjunctionIdParams } from '../../contracts/conjunction-events.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { AvoidanceError } from '../services/conjunctions/avoidance-analyses.ts';

/**
 * Collision avoidance of a conjunction event (issue 28): the trade space of burn time × Δv with the
 * minimum-Δv curves, a background job per event (services/conjunctions/avoidance-analyses.ts).
 */
export const avoidanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const toHttp = (error: unknown): never => {
    if (error instanceof AvoidanceError) throw error.kind === 'not-found' ? notFound(error.message) : error.kind === 'invalid' ? badRequest(error.message) : new HttpError(422, error.message);
    throw error;
  };

  app.post(
    '/api/conjunctions/:conjunctionId/avoidance',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'Start the avoidance trade space of one event (a background job; poll GET for it)',
        description:
          "Burn times from minLeadS to maxLeadOrbits primary orbits before TCA × burn sizes up to maxDvMps in one direction of the primary's RTN frame (or the best one); each cell holds the Pc " +
          "(the product's method choice) and miss distance after that burn; per burn time, the minimum Δv that brings the Pc to each target, by root search. An analysis still running is returned as it is. " +
          '422 when the event has no states and 6×6 covariances of both objects at TCA.',
        params: ConjunctionIdParams,
        body: AvoidanceRequest.optional(),
        response: { 202: AvoidanceAnalysis, 400: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(202).send(await ctx.services.avoidance.start(request.params.conjunctionId, request.body ?? {}));
      } catch (error) {
        return toHttp(error);
      }
    },
  );

  app.get(
    '/api/conjunctions/:conjunctionId/avoidance',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'The latest avoidance trade space of one event (kept 6 hours); null when none was run',
        params: ConjunctionIdParams,
        response: { 200: AvoidanceAnalysis.nullable(), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      try {
        return await ctx.services.avoidance.latest(request.params.conjunctionId);
      } catch (error) {
        return toHttp(error);
      }
    },
  );
};
