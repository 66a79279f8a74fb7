import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ElementsExportQuery, EphemerisExportQuery, ObjectParams } from '../../contracts/object-exports.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import { utcMs } from '../../core/units.ts';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { elementsFile, ephemerisFile, ephemerisSpan, type ExportFile } from '../services/object-exports.ts';

/**
 * Exports of one object (issue 14): element sets (TLE, 3LE, OMM KVN/XML/JSON), a CCSDS OEM
 * ephemeris and CZML. Each answers a file: its content type and an attachment name.
 */
export const objectsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const entryOf = (norad: string) => {
    const entry = ctx.services.catalog.entry(Number(norad));
    if (!entry) throw notFound(`No object ${norad} in the catalogue`);
    return entry;
  };
  const send = (reply: FastifyReply, file: ExportFile): FastifyReply => reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);

  app.get(
    '/api/objects/:norad/elements',
    {
      schema: {
        tags: ['objects'],
        summary: "An object's newest element set, or its whole stored history, as TLE, 3LE or CCSDS OMM (KVN, XML, CelesTrak JSON)",
        params: ObjectParams,
        querystring: ElementsExportQuery,
        response: { 200: z.string().describe('The element sets'), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const entry = entryOf(request.params.norad);
      const { format, history } = request.query;
      const sets = history ? await ctx.repositories.catalog.elementSets(entry.object.noradId) : [entry.set];
      await send(reply, elementsFile(sets.length > 0 ? sets : [entry.set], format, `${entry.object.noradId}${history ? '-history' : ''}`, utcMs(Date.now())));
    },
  );

  for (const kind of ['oem', 'czml'] as const) {
    app.get(
      `/api/objects/:norad/${kind}`,
      {
        schema: {
          tags: ['objects'],
          summary:
            kind === 'oem'
              ? "An SGP4 ephemeris of the object's newest element set as a CCSDS OEM (502.0-B-3 KVN), over a span at a step, in EME2000 or TEME"
              : "An SGP4 ephemeris of the object's newest element set as CZML for Cesium (INERTIAL frame, Lagrange interpolation)",
          params: ObjectParams,
          querystring: EphemerisExportQuery,
          response: { 200: z.string().describe(kind === 'oem' ? 'The OEM' : 'The CZML document'), 400: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
        },
      },
      async (request, reply) => {
        const entry = entryOf(request.params.norad);
        const now = utcMs(Date.now());
        const span = ephemerisSpan(request.query, now);
        await send(reply, ephemerisFile(entry.set, kind, span, request.query.frame, now));
      },
    );
  }
};
