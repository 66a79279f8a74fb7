import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AvoidanceAnalysis, AvoidancePlan, AvoidanceRequest, PlanDecision, PlanParams, PlanRequest } from '../../contracts/avoidance.ts';
import { ConjunctionIdParams } from '../../contracts/conjunction-events.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { AvoidanceError } from '../services/conjunctions/avoidance-analyses.ts';
import { PlanError } from '../services/conjunctions/avoidance-plans.ts';

/**
 * Collision avoidance of a conjunction event (issue 28): the trade space of burn time × Δv with the
 * minimum-Δv curves, a background job per event (services/conjunctions/avoidance-analyses.ts).
 */
export const avoidanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const toHttp = (error: unknown): never => {
    if (error instanceof PlanError) throw error.kind === 'not-found' ? notFound(error.message) : new HttpError(error.kind === 'conflict' ? 409 : 422, error.message);
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

  const who = (request: { principal: { username: string } | null }) => request.principal?.username ?? 'anonymous';

  app.post(
    '/api/conjunctions/:conjunctionId/plans',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'Make an avoidance plan of one event: a burn of its primary, screened against the whole catalogue (a background job; poll GET …/plans)',
        description:
          "The primary's post-burn track (its SGP4 track plus the burn's effect) is screened against every catalogue object over windowDays from the burn; each conjunction gets the product's Pc and is compared with the same pair without the burn. " +
          'A plan whose event Pc after the burn, or whose worst new or worsened conjunction, exceeds targetPc is marked not acceptable, with the reason. 422 when the primary has no element set in the catalogue.',
        params: ConjunctionIdParams,
        body: PlanRequest,
        response: { 202: AvoidancePlan, 400: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(202).send(await ctx.services.plans.start(request.params.conjunctionId, request.body, who(request)));
      } catch (error) {
        return toHttp(error);
      }
    },
  );

  app.get(
    '/api/conjunctions/:conjunctionId/plans',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'The avoidance plans of one event, oldest first: burn, screening status and result, who chose or discarded each',
        params: ConjunctionIdParams,
        response: { 200: z.array(AvoidancePlan), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      try {
        return await ctx.services.plans.list(request.params.conjunctionId);
      } catch (error) {
        return toHttp(error);
      }
    },
  );

  app.post(
    '/api/conjunctions/:conjunctionId/plans/:planId/decision',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'Choose or discard a screened plan (one plan of an event may be chosen); who decided is recorded',
        params: PlanParams,
        body: PlanDecision,
        response: { 200: AvoidancePlan, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      try {
        return await ctx.services.plans.decide(request.params.conjunctionId, request.params.planId, request.body.decision, who(request));
      } catch (error) {
        return toHttp(error);
      }
    },
  );

  for (const [kind, summary] of [
    ['oem', 'The post-burn ephemeris of a plan: CCSDS OEM (KVN), TEME, 60 s steps over its window'],
    ['opm', 'The burn summary of a plan: CCSDS OPM (KVN) with the state at the burn and its manoeuvre block (RTN, km/s)'],
  ] as const) {
    app.get(
      `/api/conjunctions/:conjunctionId/plans/:planId/${kind}`,
      {
        schema: {
          tags: ['conjunctions'],
          summary,
          params: PlanParams,
          response: { 200: z.string(), 400: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
        },
      },
      async (request, reply) => {
        try {
          const { conjunctionId, planId } = request.params;
          const text = kind === 'oem' ? await ctx.services.plans.oem(conjunctionId, planId) : await ctx.services.plans.opm(conjunctionId, planId);
          return reply
            .header('content-type', 'text/plain; charset=utf-8')
            .header('content-disposition', `attachment; filename="${conjunctionId}-plan-${planId}.${kind}"`)
            .send(text);
        } catch (error) {
          return toHttp(error);
        }
      },
    );
  }
};
