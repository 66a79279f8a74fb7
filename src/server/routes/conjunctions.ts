import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalysisJob, AnalyzeQuery, AnalyzeSelectedRequest, JobParams, screeningRequestOf, SstResult } from '../../contracts/conjunctions.ts';
import { ConjunctionDetail, ConjunctionIdParams, ConjunctionListQuery, ConjunctionListResponse, ConjunctionPatchRequest, MonteCarloCheck, MonteCarloCheckRequest } from '../../contracts/conjunction-events.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import { ActiveConjunctionsResponse, AnalyzeConjunctionRequest, ConjunctionAnalysis, DEFAULT_ANALYSIS_ID, RiskItemsResponse } from '../../contracts/operations.ts';
import type { AppContext } from '../app-context.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';
import { badRequest, BusyError, HttpError, notFound } from '../http/errors.ts';
import { AlertChangeError } from '../services/conjunctions/alert-lifecycle-service.ts';
import { MonteCarloCheckError } from '../services/conjunctions/monte-carlo-checks.ts';

/**
 * Conjunctions.
 * - The operations picture (DECISIONS.md §5, §7): the open conjunctions of the
 *   fleet found by continuous screening, the adversary and debris risk cards, the
 *   Conjunction Analysis card, and CDMs of stored events; lists are prebuilt and
 *   sent with an ETag.
 * - SST analyses (DECISIONS.md §6): POST starts one; without ?async=1 the answer is
 *   the SST result, with it a 202 and the job, whose progress streams as
 *   server-sent events.
 */
export const conjunctionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const jobs = ctx.services.analyses;
  const operations = ctx.services.operationsReadModel;
  const analysis = ctx.services.conjunctionAnalysis;

  snapshotRoute(app, '/api/conjunctions/active', { tags: ['conjunctions'], summary: 'Open conjunctions of the fleet from continuous screening, highest risk first' }, ActiveConjunctionsResponse, () => operations.activeConjunctions());

  snapshotRoute(app, '/api/conjunctions/adversary-risk', { tags: ['conjunctions'], summary: 'Adversary Conjunction Risk card: screened approaches of fleet satellites by adversary-owned objects, scored (top 8)' }, RiskItemsResponse, () => operations.adversaryRisk());

  snapshotRoute(app, '/api/conjunctions/debris-risk', { tags: ['conjunctions'], summary: 'Space Debris Collision Assessment card: screened approaches of fleet satellites by debris, scored (top 8)' }, RiskItemsResponse, () => operations.debrisRisk());

  app.get(
    '/api/conjunctions',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'Conjunction events (screening and imported CDMs), filtered and sorted, with the total count',
        querystring: ConjunctionListQuery,
        response: { 200: ConjunctionListResponse, 400: ErrorResponse },
      },
    },
    async (request) => ctx.services.conjunctions.list(request.query),
  );

  app.get(
    '/api/conjunctions/:conjunctionId',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'One conjunction event in full: numbers, Pc method and violations, history, encounter plane, objects, CDMs',
        params: ConjunctionIdParams,
        response: { 200: ConjunctionDetail, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const detail = await ctx.services.conjunctions.detail(request.params.conjunctionId);
      if (!detail) throw notFound(`No conjunction ${request.params.conjunctionId}`);
      return detail;
    },
  );

  app.patch(
    '/api/conjunctions/:conjunctionId',
    {
      // An operator's write (access.ts: writes need the operator role); the audit row keeps the
      // request's status and assignee, and the route adds the status before and after.
      config: { access: 'operator', auditBody: ['status', 'assignee'] },
      schema: {
        tags: ['conjunctions'],
        summary: 'Move an alert along its lifecycle, assign it, or comment on it (operator role); answers the event in full',
        description:
          'Statuses: new → acknowledged → assessing → mitigating | risk_accepted | false_alarm → closed. From new: acknowledged, assessing, false_alarm; from acknowledged: assessing, false_alarm; ' +
          'from assessing: the three decisions; from mitigating: assessing, risk_accepted, closed; from risk_accepted: assessing, mitigating, closed; from false_alarm: assessing, closed; ' +
          'from closed: assessing, only while the TCA is ahead (allowedStatuses in the detail says what is allowed now). The status the alert already has changes nothing. ' +
          'assignee: an account username, or null to unassign; comment: kept with the change (alone, it is a note in the log). Each change is recorded with its actor and time in the log and the audit. ' +
          '409 when the transition is not allowed (the message names the current status and the allowed ones) or another change came first; 400 for an unknown assignee.',
        params: ConjunctionIdParams,
        body: ConjunctionPatchRequest,
        response: { 200: ConjunctionDetail, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { conjunctionId } = request.params;
      const actor = request.principal?.username ?? 'anonymous';
      try {
        const outcome = await ctx.services.alerts.change(conjunctionId, request.body, actor);
        request.auditResult = { fromStatus: outcome.fromStatus, toStatus: outcome.toStatus, assignee: outcome.assignee, changed: outcome.changed };
      } catch (error) {
        if (error instanceof AlertChangeError) {
          if (error.kind === 'not-found') throw notFound(error.message);
          if (error.kind === 'unknown-assignee') throw badRequest(error.message);
          throw new HttpError(409, error.message);
        }
        throw error;
      }
      const detail = await ctx.services.conjunctions.detail(conjunctionId);
      if (!detail) throw notFound(`No conjunction ${conjunctionId}`);
      return detail;
    },
  );

  app.post(
    '/api/conjunctions/:conjunctionId/monte-carlo',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'Start the Monte Carlo check of one event (a background job; poll GET for its progress)',
        description:
          "Both objects' states are drawn from their covariances at TCA and moved on two-body orbits over CARA's SDMC window; the Pc is the share of draws within the hard-body radius, " +
          'with its 95 % Clopper-Pearson interval; the run stops when the interval is ±5 % of the Pc or at the cap. A check still running is returned as it is. ' +
          'Where the method choice calls for a Monte Carlo (3D-Nc failed its own usage tests), the finished check becomes the event’s Pc (method sdmc, a history point; storedAs chosen); elsewhere the event is not changed. 422 when the event has no 6×6 covariances of both objects.',
        params: ConjunctionIdParams,
        body: MonteCarloCheckRequest.optional(),
        response: { 202: MonteCarloCheck, 400: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(202).send(await ctx.services.monteCarloChecks.start(request.params.conjunctionId, request.body ?? {}));
      } catch (error) {
        if (error instanceof MonteCarloCheckError) throw error.kind === 'not-found' ? notFound(error.message) : new HttpError(422, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/api/conjunctions/:conjunctionId/monte-carlo',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'The latest Monte Carlo check of one event: progress while it runs, then the Pc with its interval (kept 6 hours); null when none was run',
        params: ConjunctionIdParams,
        response: { 200: MonteCarloCheck.nullable(), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      try {
        return await ctx.services.monteCarloChecks.latest(request.params.conjunctionId);
      } catch (error) {
        if (error instanceof MonteCarloCheckError) throw notFound(error.message);
        throw error;
      }
    },
  );

  app.post(
    '/api/conjunction/analyze',
    {
      schema: {
        tags: ['conjunctions'],
        summary: "Conjunction Analysis card: a stored event's objects and its probability / distance / covariance history",
        description:
          "The card sends its fixed id CNJ-2024-001; when no stored event has that id, the open event of highest risk is analysed (conjunctionId names it). " +
          'When nothing is stored yet (before the first screening run), the answer to that id is null, which leaves the card without a chart (spec §7: a truthy response enables it); any other unknown id is a 404.',
        body: AnalyzeConjunctionRequest,
        response: { 200: ConjunctionAnalysis.nullable(), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { conjunctionId } = request.body;
      const card = await analysis.analyze(conjunctionId);
      if (!card && conjunctionId === DEFAULT_ANALYSIS_ID) return null;
      if (!card) throw notFound(`No conjunction ${conjunctionId} (and no open conjunction to analyse in its place)`);
      return card;
    },
  );

  app.post(
    '/api/conjunctions/analyze-selected',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'Screen the selected satellites against the whole catalogue',
        querystring: AnalyzeQuery,
        body: AnalyzeSelectedRequest,
        response: { 200: SstResult, 202: AnalysisJob, 400: ErrorResponse, 500: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      // The one reading of the request (contracts/conjunctions.ts); from here on it is a ScreeningRequest, in UTC ms.
      const reading = screeningRequestOf(request.body, (id) => ctx.services.catalog.entry(id) !== undefined);
      if ('problem' in reading) throw badRequest(reading.problem);
      const { job } = jobs.start(reading.request);
      if (request.query.async === '1' || request.query.async === 'true') return reply.status(202).send(job);
      // A synchronous analysis lives as long as its request (issue 30 item 3): its id reaches nobody,
      // so nobody else could cancel it, and a client that went away cancels it by going. The response's
      // 'close' comes after it was sent too; only a close before the answer is finished cancels.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) jobs.cancel(job.job_id);
      });
      const done = await jobs.wait(job.job_id);
      if (done?.status === 'completed' && done.result) return done.result;
      // Cancelled while its client waits: the server is stopping (AnalysisJobs.stop). The same request
      // succeeds on another server or after the restart, so 503 with Retry-After, not a 500.
      if (done?.status === 'cancelled') throw new BusyError('The analysis was cancelled because the server is stopping; send it again', 5);
      throw new Error(done?.error ?? 'Unknown error');
    },
  );

  app.get(
    '/api/conjunctions/jobs/:id',
    { schema: { tags: ['conjunctions'], summary: 'State and result of an analysis', params: JobParams, response: { 200: AnalysisJob, 404: ErrorResponse } } },
    async (request) => {
      const job = jobs.get(request.params.id);
      if (!job) throw notFound(`No analysis ${request.params.id} (finished analyses are kept for 6 hours)`);
      return job;
    },
  );

  app.delete(
    '/api/conjunctions/jobs/:id',
    { schema: { tags: ['conjunctions'], summary: 'Cancel a running analysis', params: JobParams, response: { 200: AnalysisJob, 404: ErrorResponse } } },
    async (request) => {
      if (!jobs.get(request.params.id)) throw notFound(`No analysis ${request.params.id}`);
      jobs.cancel(request.params.id);
      return (await jobs.wait(request.params.id)) ?? jobs.get(request.params.id);
    },
  );

  app.get(
    '/api/conjunctions/cdm/:id',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'CCSDS CDM (508.0-B-1) of a stored conjunction event (CNJ-…) or of one found by an SST analysis, KVN or XML',
        params: JobParams,
        querystring: z.object({ format: z.enum(['kvn', 'xml']).default('kvn') }).strict(),
        response: { 200: z.string().describe('The CDM'), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const text = ctx.services.screening.cdm(request.params.id, format, new Date()) ?? (await analysis.cdm(request.params.id, format));
      if (text === undefined) {
        throw notFound(`No conjunction ${request.params.id} (neither a stored event nor a result of an analysis, which are kept for a few hours)`);
      }
      const ext = format === 'xml' ? 'xml' : 'cdm';
      return reply
        .type(format === 'xml' ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="conjunction-${request.params.id}.${ext}"`)
        .send(text);
    },
  );

  app.get(
    '/api/conjunctions/jobs/:id/events',
    {
      schema: {
        tags: ['conjunctions'],
        summary: 'Progress of an analysis as server-sent events (progress …, then done)',
        params: JobParams,
        response: { 200: z.string().describe('text/event-stream'), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (!jobs.get(request.params.id)) throw notFound(`No analysis ${request.params.id}`);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const end = () => {
        if (!raw.writableEnded) raw.end();
      };
      // A finished job answers at once with 'done'; the job drops its listeners when it ends.
      const unsubscribe = jobs.subscribe(request.params.id, (event, job) => {
        raw.write(`event: ${event}\ndata: ${JSON.stringify(job)}\n\n`);
        if (event === 'done') end();
      });
      request.raw.on('close', () => {
        unsubscribe?.();
        end();
      });
    },
  );
};
