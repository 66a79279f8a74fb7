import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ElementsExportQuery, EphemerisExportQuery, ObjectDecayResponse, ObjectDetail, ObjectDetailQuery, ObjectHistoryResponse, ObjectParams, ObjectSearchQuery, ObjectSearchResponse } from '../../contracts/object-exports.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import { GroundTrack } from '../../contracts/satellites.ts';
import { groundTrack } from '../services/fleet-views.ts';
import { utcMs } from '../../core/units.ts';
import type { AppContext } from '../app-context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parseUtc } from '../../core/time/index.ts';
import { elementsFile, ephemerisFile, ephemerisSpan, type ExportFile } from '../services/object-exports.ts';

/**
 * Catalogue objects (issue 14): search; one object's identity and state, history and ground
 * track (the object page); its exports, element sets (TLE, 3LE, OMM KVN/XML/JSON), a CCSDS OEM
 * ephemeris and CZML, each a file with its content type and an attachment name.
 */
export const objectsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const entryOf = (norad: string) => {
    const entry = ctx.services.catalog.entry(Number(norad));
    if (!entry) throw notFound(`No object ${norad} in the catalogue`);
    return entry;
  };
  /** The `at` of a query (ISO 8601 UTC; default now), or a 400 naming it. */
  const instant = (at: string | undefined): Date => {
    if (at === undefined) return new Date();
    const t = parseUtc(at.trim().replace(/Z$/i, ''));
    if (t === undefined) throw new HttpError(400, `Invalid request: at: '${at}' is not an ISO 8601 UTC date-time (e.g. 2026-11-27T00:00:00Z)`);
    return new Date(t);
  };

  const send = (reply: FastifyReply, file: ExportFile): FastifyReply => reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);

  app.get(
    '/api/objects',
    {
      schema: {
        tags: ['objects'],
        summary: 'Search the catalogue by name (any part), NORAD catalogue number or COSPAR id (leading part): the header search',
        querystring: ObjectSearchQuery,
        response: { 200: ObjectSearchResponse, 400: ErrorResponse },
      },
    },
    async (request) => ctx.services.objects.search(request.query.q, request.query.limit),
  );

  app.get(
    '/api/objects/:norad',
    {
      schema: {
        tags: ['objects'],
        summary: 'One object: SATCAT identity, fleet membership, threat assessment, newest element set, mean orbit and its SGP4 state now',
        params: ObjectParams,
        querystring: ObjectDetailQuery,
        response: { 200: ObjectDetail, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const detail = ctx.services.objects.detail(Number(request.params.norad), instant(request.query.at));
      if (!detail) throw notFound(`No object ${request.params.norad} in the catalogue`);
      return detail;
    },
  );

  app.get(
    '/api/objects/:norad/ground-track',
    {
      schema: {
        tags: ['objects'],
        summary: "The object's predicted ground track: from `at` (default now) every 5 minutes for 2 hours, SGP4 sub-satellite points (points SGP4 refuses are left out)",
        params: ObjectParams,
        querystring: ObjectDetailQuery,
        response: { 200: GroundTrack, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => groundTrack(entryOf(request.params.norad), instant(request.query.at)),
  );

  app.get(
    '/api/objects/:norad/decay',
    {
      schema: {
        tags: ['objects'],
        summary: "The object's decay and lifetime forecast with its spread: NRLMSISE-00 and JB2008, Cd·A/m from B* and (with a SATCAT mass) from the mass",
        params: ObjectParams,
        response: { 200: ObjectDecayResponse, 400: ErrorResponse, 404: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => ctx.services.orbitalDrag.objectDecay(entryOf(request.params.norad)),
  );

  app.get(
    '/api/objects/:norad/history',
    {
      schema: {
        tags: ['objects'],
        summary: "One object's element-set history (perigee, apogee, inclination, mean motion, B* of every stored set, oldest first) and the manoeuvres detected in it",
        params: ObjectParams,
        response: { 200: ObjectHistoryResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const history = await ctx.services.objects.history(Number(request.params.norad));
      if (!history) throw notFound(`No object ${request.params.norad} in the catalogue`);
      return history;
    },
  );

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
