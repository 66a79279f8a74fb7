import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CdmImportQuery, CdmImportResponse, CdmMessageParams } from '../../contracts/conjunction-events.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { CdmImportError } from '../services/conjunctions/cdm-import-service.ts';

/**
 * CCSDS Conjunction Data Messages received from outside (issue 11).
 * - POST /api/cdm/import?name=FILE: the body is the file as it is, one or more CDMs in KVN or XML,
 *   or JSON as Space-Track serves its cdm and cdm_public classes; sent as text/plain,
 *   application/xml or application/json. Each message is imported, reported as a duplicate, or
 *   rejected with its position and reason; a body with no CDM at all is a 400.
 * - GET /api/cdm/messages/{id}: a stored message exactly as it was received.
 */
export const cdmRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const type of ['text/plain', 'application/xml', 'text/xml', 'application/octet-stream']) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/cdm/import',
    {
      schema: {
        tags: ['cdm'],
        summary: 'Import conjunction data messages (CCSDS CDM KVN or XML, or Space-Track JSON): each becomes or updates a conjunction event',
        querystring: CdmImportQuery,
        body: z.string().describe('The file as it is'),
        response: { 200: CdmImportResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      try {
        return await ctx.services.cdmImport.importFile(request.body, request.query.name, new Date());
      } catch (error) {
        if (error instanceof CdmImportError) throw badRequest(`No CDM in the body: ${error.message}`);
        throw error;
      }
    },
  );

  app.get(
    '/api/cdm/messages/:id',
    {
      schema: {
        tags: ['cdm'],
        summary: 'A stored CDM as it was received (KVN, XML or JSON)',
        params: CdmMessageParams,
        response: { 200: z.string().describe('The message'), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const m = await ctx.services.conjunctions.message(request.params.id);
      if (!m) throw notFound(`No stored CDM ${request.params.id}`);
      const [type, ext] = m.format === 'xml' ? ['application/xml; charset=utf-8', 'xml'] : m.format === 'json' ? ['application/json; charset=utf-8', 'json'] : ['text/plain; charset=utf-8', 'cdm'];
      const safe = m.messageId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);
      return reply.type(type).header('content-disposition', `attachment; filename="${safe}.${ext}"`).send(m.raw);
    },
  );
};
