import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EphemerisImportQuery, EphemerisImportResponse, EphemerisListQuery, EphemerisListResponse, EphemerisParams, Ephemeris, MAX_EPHEMERIS_FILE_BYTES } from '../../contracts/ephemerides.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import type { AppContext } from '../app-context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { EphemerisImportError } from '../services/ephemerides/ephemeris-service.ts';

/**
 * Operators' own predicted ephemerides of fleet objects (issue 28).
 * - POST /api/ephemerides?name=FILE: the body is the file as it is, one CCSDS OEM in KVN (502.0) or
 *   XML (505.0), sent as text/plain, application/xml, text/xml or application/octet-stream. 201 with
 *   the stored ephemeris; 200 with `duplicate: true` when the same file is stored for the object
 *   already; 400 "line N: reason" for a file that cannot be used (frame, centre, time system, epochs
 *   out of order, too few points, truncated, bad XML…); 422 when its object is not a fleet object of
 *   the catalogue. Nothing is stored when it is refused. Writes need the operator role (access.ts).
 * - GET /api/ephemerides[?norad=N]: the stored ones, newest import first; GET /api/ephemerides/{id};
 *   GET /api/ephemerides/{id}/file: the file as received.
 */
export const ephemeridesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const type of ['text/plain', 'application/xml', 'text/xml', 'application/octet-stream']) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  const service = ctx.services.ephemerides;

  app.post(
    '/api/ephemerides',
    {
      bodyLimit: MAX_EPHEMERIS_FILE_BYTES,
      schema: {
        tags: ['ephemerides'],
        summary: 'Upload a predicted ephemeris of a fleet object (CCSDS OEM, KVN or XML), stored as received',
        querystring: EphemerisImportQuery,
        body: z.string().describe('The OEM file as it is'),
        response: { 200: EphemerisImportResponse, 201: EphemerisImportResponse, 400: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      try {
        const { duplicate, ...ephemeris } = await service.import(request.body, request.query.name, request.principal?.username ?? ctx.config.OPERATOR_LABEL, new Date());
        return reply.status(duplicate ? 200 : 201).send({ ephemeris, duplicate });
      } catch (error) {
        if (error instanceof EphemerisImportError) {
          throw new HttpError(error.kind === 'file' ? 400 : 422, error.kind === 'file' ? `Not a usable OEM: ${error.message}` : `Not a fleet object: ${error.message}`);
        }
        throw error;
      }
    },
  );

  app.get(
    '/api/ephemerides',
    {
      schema: {
        tags: ['ephemerides'],
        summary: 'Stored ephemerides, newest import first (metadata only)',
        querystring: EphemerisListQuery,
        response: { 200: EphemerisListResponse },
      },
    },
    async (request) => ({ ephemerides: await service.list(request.query.norad, request.query.limit) }),
  );

  app.get(
    '/api/ephemerides/:id',
    {
      schema: {
        tags: ['ephemerides'],
        summary: 'A stored ephemeris (metadata)',
        params: EphemerisParams,
        response: { 200: Ephemeris, 404: ErrorResponse },
      },
    },
    async (request) => {
      const e = await service.get(request.params.id);
      if (!e) throw notFound(`No stored ephemeris ${request.params.id}`);
      return e;
    },
  );

  app.get(
    '/api/ephemerides/:id/file',
    {
      schema: {
        tags: ['ephemerides'],
        summary: 'A stored ephemeris file exactly as it was received (KVN or XML)',
        params: EphemerisParams,
        response: { 200: z.string().describe('The file'), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const file = await service.text(request.params.id);
      if (!file) throw notFound(`No stored ephemeris ${request.params.id}`);
      const ext = file.format === 'XML' ? 'xml' : 'oem';
      const base = (file.fileName ?? '').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || `ephemeris-${request.params.id}.${ext}`;
      return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${base}"`).send(file.text);
    },
  );
};
