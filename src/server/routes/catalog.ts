import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImportBody, ImportFailure, ImportQuery, ImportReport } from '../../contracts/catalog.ts';
import { CatalogElements } from '../../contracts/catalog-elements.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';
import { catalogElementsSnapshot } from '../services/catalog-elements.ts';
import { ImportError } from '../services/catalog-service.ts';

/**
 * GET /api/catalog/elements: the whole catalogue's newest element sets in columns, for the
 * browser's globe worker (built once per catalogue change, sent with an ETag).
 *
 * POST /api/catalog/import: the body is the file as it is (TLE, 3LE, OMM KVN,
 * XML, JSON or CSV, or a SATCAT CSV with ?kind=satcat), sent as text/plain,
 * text/csv, application/xml or application/json.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Files arrive whole; keep them as text and let the format sniffer decide.
  for (const type of ['text/csv', 'application/xml', 'text/xml', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/catalog/import',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Import element sets or SATCAT metadata from a file',
        querystring: ImportQuery,
        body: ImportBody,
        response: { 200: ImportReport, 400: ImportFailure.or(ErrorResponse) },
      },
    },
    async (request, reply) => {
      const text = request.body;
      const label = request.query.name ?? 'upload';
      try {
        const now = new Date();
        return request.query.kind === 'satcat'
          ? await ctx.services.catalog.importSatcat(text, label, now)
          : await ctx.services.catalog.importElementSets(text, { source: 'import', label }, now);
      } catch (error) {
        if (error instanceof ImportError) return reply.status(400).send({ message: error.message, report: error.report });
        throw error;
      }
    },
  );

  // Serialised once per catalogue change from the contract's type (services/catalog-elements.ts) and sent as
  // it is; re-validating 50,000 × 12 fields per request would cost more than serving the bytes.
  snapshotRoute(
    app,
    '/api/catalog/elements',
    { tags: ['catalog'], summary: "Every object's newest SGP4 element set, in columns (for the 3D orbital view's propagation worker)" },
    CatalogElements,
    () => catalogElementsSnapshot(ctx.services.catalog),
  );
};
