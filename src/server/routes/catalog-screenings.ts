import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_CSV_MAX_ROWS,
  CatalogConjunctionCsvQuery,
  CatalogConjunctionPage,
  CatalogConjunctionQuery,
  CatalogScreening,
  CatalogScreeningAccepted,
  CatalogScreeningList,
  CatalogScreeningListQuery,
  CatalogScreeningRequest,
  CatalogStaleList,
} from '../../contracts/catalog-screenings.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';

const RunParams = z.object({ id: z.string().min(1).max(64, 'must be at most 64 characters').regex(/^[A-Za-z0-9-]+$/, 'must be a run id') });

/**
 * Catalogue-wide (all-vs-all) screening runs (issue 13): start one (an operator's write), follow
 * its progress by stage and shard, cancel it, and page through its conjunctions (the /analytics
 * page). Runs also start on a schedule (CATALOG_SCREENING_HOURS).
 */
export const catalogScreeningsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.catalogScreenings;

  app.post(
    '/api/catalog-screenings',
    {
      schema: {
        tags: ['catalog screening'],
        summary: 'Start a catalogue-wide screening run: every pair of the catalogue over [start, end) at threshold_km',
        description: 'Answers 202 with the run id at once; the run screens on the server’s worker threads (embedded database) or on ssa worker processes through the job queue (PostgreSQL). One run at a time: 409 while another is queued or running.',
        body: CatalogScreeningRequest,
        response: { 202: CatalogScreeningAccepted, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { start, end, threshold_km } = request.body;
      const id = await service.submit({ startMs: Date.parse(start), endMs: Date.parse(end), thresholdKm: threshold_km }, 'manual');
      return reply.code(202).send({ id });
    },
  );

  app.get(
    '/api/catalog-screenings',
    {
      schema: {
        tags: ['catalog screening'],
        summary: 'Catalogue-wide screening runs, newest first',
        querystring: CatalogScreeningListQuery,
        response: { 200: CatalogScreeningList, 400: ErrorResponse },
      },
    },
    async (request) => service.list(request.query.limit),
  );

  app.get(
    '/api/catalog-screenings/:id',
    {
      schema: {
        tags: ['catalog screening'],
        summary: 'One run: status, progress by stage and shard, its workers, counts and timings',
        params: RunParams,
        response: { 200: CatalogScreening, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/catalog-screenings/:id/cancel',
    {
      schema: {
        tags: ['catalog screening'],
        summary: 'Cancel a run that is queued or running (409 once it has ended)',
        params: RunParams,
        response: { 200: CatalogScreening, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => service.cancel(request.params.id),
  );

  app.get(
    '/api/catalog-screenings/:id/stale',
    {
      schema: {
        tags: ['catalog screening'],
        summary: 'A run’s stale element sets: objects whose set is more than MAX_ELEMENT_AGE_DAYS from the window, listed and not screened, oldest first (empty until the run completes)',
        params: RunParams,
        response: { 200: CatalogStaleList, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => service.staleObjects(request.params.id),
  );

  app.get(
    '/api/catalog-screenings/:id/conjunctions',
    {
      schema: {
        tags: ['catalog screening'],
        summary: 'A run’s conjunctions, SOCRATES-style: sorted by Pc, maximum Pc, miss distance or TCA; filtered by risk, object type, owner, text',
        params: RunParams,
        querystring: CatalogConjunctionQuery,
        response: { 200: CatalogConjunctionPage, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => service.conjunctionPage(request.params.id, request.query),
  );

  app.get(
    '/api/catalog-screenings/:id/conjunctions.csv',
    {
      schema: {
        tags: ['catalog screening'],
        summary: `A run’s conjunctions as CSV, with the table’s sort and filters: every matching row, up to ${CATALOG_CSV_MAX_ROWS.toLocaleString('en-US')}`,
        params: RunParams,
        querystring: CatalogConjunctionCsvQuery,
        response: { 200: z.string().describe('CSV (RFC 4180, header line first)'), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { csv, rows, total } = await service.conjunctionCsv(request.params.id, request.query);
      await reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalog-screening-${request.params.id.slice(0, 8)}.csv"`)
        .header('x-total-count', String(total))
        .header('x-row-count', String(rows))
        .send(csv);
    },
  );
};
