import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DailyDigest, DigestQuery } from '../../contracts/digest.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';

/**
 * The daily digest (issue 29): day D's open alerts with their Pc trend, CDMs imported, decisions and
 * the catalogue-wide run's top conjunctions, as JSON or as a PDF report (the /alerts page's "Daily
 * digest (PDF)"). Reads: any signed-in role (a viewer too).
 */
export const digestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/digest/daily',
    {
      schema: {
        tags: ['digest'],
        summary: "The daily digest of day D (default: the day that ended at the most recent DIGEST_HOUR_UTC): open alerts with their Pc over the day, CDMs imported, operators' decisions, the newest catalogue-wide run's top conjunctions",
        querystring: DigestQuery,
        response: { 200: DailyDigest, 400: ErrorResponse },
      },
    },
    async (request) => ctx.services.digest.build(request.query.date),
  );

  app.get(
    '/api/digest/daily.pdf',
    {
      schema: {
        tags: ['digest'],
        summary: 'The daily digest of day D as a PDF report (attachment data-forge-digest-D.pdf)',
        querystring: DigestQuery,
        response: { 200: z.string().describe('The PDF (application/pdf)'), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const r = await ctx.services.digest.render(request.query.date);
      // A Buffer is sent as is (Fastify serialises no Buffer); the schema's string only types the 200 for OpenAPI.
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${r.pdfFilename}"`).header('cache-control', 'no-store').send(r.pdf as unknown as string);
    },
  );
};
