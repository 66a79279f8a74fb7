import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../contracts/error.ts';
import {
  DensityProfileQuery,
  DensityProfileResponse,
  NrlmsiseRealQuery,
  NrlmsiseRealResponse,
  PredictionsResponse,
  RealtimeResponse,
  SpaceWeatherForecastResponse,
  SpaceWeatherImportBody,
  SpaceWeatherImportFailure,
  SpaceWeatherImportQuery,
  SpaceWeatherImportReport,
  SpaceWeatherLookup,
  SpaceWeatherLookupQuery,
} from '../../contracts/orbital-drag.ts';
import type { AppContext } from '../app-context.ts';
import { NotModified, sendSnapshot } from '../http/etag.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';
import { SpaceWeatherImportError } from '../services/space-weather-service.ts';

const optionalDate = (text: string | undefined) => (text === undefined ? undefined : new Date(text));

/**
 * The Orbital Drag page (product spec §2, §7) and the space weather behind it: imports of CelesTrak
 * SW-All files and look-ups with provenance under /api/space-weather (kept here, beside the only
 * page that uses them), the page's polled endpoints under /api/orbital-drag. Optional `time`, `lat`,
 * `lon` parameters the spec does not send let an operator (and the tests) ask about another instant
 * or place.
 *
 * The polled endpoints answer with snapshots (OrbitalDragService: one per UTC minute, the decay
 * forecast per hour, each reading place its own), sent with their ETag (304 when unchanged, see
 * http/etag.ts); an answer for an explicit `time` (or profile place) is computed for the request.
 */
export const orbitalDragRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const drag = ctx.services.orbitalDrag;
  const spaceWeather = ctx.services.spaceWeather;
  app.addHook('onClose', async () => drag.stop());

  // SW-All files arrive whole, as text/csv (text/plain is parsed as text already).
  for (const type of ['text/csv', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }

  app.post(
    '/api/space-weather/import',
    {
      schema: {
        tags: ['space weather'],
        summary: 'Import a CelesTrak SW-All CSV (F10.7, 81-day means, Kp/ap, Ap; observed and predicted), or SET’s JB2008 SOLFSMY.TXT (S10, M10, Y10) or DTCFILE.TXT (ΔTc)',
        querystring: SpaceWeatherImportQuery,
        body: SpaceWeatherImportBody,
        // The fuller shape first: a union keeps the first member that fits, and ErrorResponse would drop the report.
        response: { 200: SpaceWeatherImportReport, 400: SpaceWeatherImportFailure.or(ErrorResponse) },
      },
    },
    async (request, reply) => {
      try {
        return await spaceWeather.importFile(request.body, request.query.name ?? 'upload', new Date());
      } catch (error) {
        if (error instanceof SpaceWeatherImportError) return reply.status(400).send({ message: error.message, report: error.report });
        throw error;
      }
    },
  );

  app.get(
    '/api/space-weather',
    {
      schema: {
        tags: ['space weather'],
        summary: 'The indices the atmosphere models take at an instant, each with its status and source',
        querystring: SpaceWeatherLookupQuery,
        response: { 200: SpaceWeatherLookup },
      },
    },
    async (request) => spaceWeather.lookup(optionalDate(request.query.time) ?? new Date()),
  );

  snapshotRoute(
    app,
    '/api/orbital-drag/realtime',
    { tags: ['orbital drag'], summary: 'Drag on the fleet’s LEO satellites now (SGP4 positions, NRLMSISE-00), 24 h and 7 d forecasts, space weather, model accuracy' },
    RealtimeResponse,
    () => drag.realtime(),
  );

  app.get(
    '/api/orbital-drag/space-weather',
    {
      schema: {
        tags: ['orbital drag'],
        summary: 'Space-weather parameters now and in 24 h with their drag impact, and alerts (NOAA G-scale, drag multiples)',
        querystring: SpaceWeatherLookupQuery,
        response: { 200: SpaceWeatherForecastResponse, 304: NotModified },
      },
    },
    async (request, reply) => {
      const at = optionalDate(request.query.time);
      if (at) return drag.spaceWeatherForecastAt(at);
      return sendSnapshot(request, reply, await drag.spaceWeatherForecast());
    },
  );

  snapshotRoute(
    app,
    '/api/orbital-drag/predictions',
    { tags: ['orbital drag'], summary: '30-day orbit decay forecast of four fleet satellites (NRLMSISE-00, with the JB2008 spread)' },
    PredictionsResponse,
    () => drag.predictions(),
  );

  app.get(
    '/api/orbital-drag/nrlmsise-real',
    {
      schema: {
        tags: ['orbital drag'],
        summary: 'NRLMSISE-00 density and temperature at a place (lat, lon, alt km) now, with the space weather used',
        querystring: NrlmsiseRealQuery,
        response: { 200: NrlmsiseRealResponse, 304: NotModified },
      },
    },
    async (request, reply) => {
      const { lat, lon, alt, time } = request.query;
      const at = optionalDate(time);
      if (at) return drag.nrlmsiseReadingAt({ lat, lon, alt, time: at });
      return sendSnapshot(request, reply, await drag.nrlmsiseReading({ lat, lon, alt }));
    },
  );

  app.get(
    '/api/orbital-drag/density-profile',
    {
      schema: {
        tags: ['orbital drag'],
        summary: 'Density at 13 altitudes (100–600 km): NRLMSISE-00 and JB2008 computed; DTM-2020, TIE-GCM, MSIS-86 as the spec’s multiples of NRLMSISE-00',
        querystring: DensityProfileQuery,
        response: { 200: DensityProfileResponse, 304: NotModified },
      },
    },
    async (request, reply) => {
      const { time, lat, lon } = request.query;
      if (time !== undefined || lat !== undefined || lon !== undefined) return drag.densityProfileAt({ time: optionalDate(time), lat, lon }, new Date());
      return sendSnapshot(request, reply, await drag.densityProfile());
    },
  );
};
