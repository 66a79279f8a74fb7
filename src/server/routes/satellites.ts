import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GroundTracksResponse, IsraeliSatellitesResponse, SatellitesResponse } from '../../contracts/satellites.ts';
import type { AppContext } from '../app-context.ts';
import { snapshotRoute } from '../http/snapshot-route.ts';
import { groundTrack, POSITIONS_PERIOD_MS, TRACK_HORIZON_MINUTES, TRACK_STEP_MINUTES } from '../services/fleet-views.ts';

/** The fleet with live positions, its predicted ground tracks, and the whole catalogue as SST records. */
export const satellitesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const catalog = ctx.services.catalog;
  const fleetViews = ctx.services.fleetViews;
  app.addHook('onClose', async () => fleetViews.stop());

  // Positions computed on the service's clock (each second's just before it starts), sent with an ETag.
  snapshotRoute(
    app,
    '/api/israeli-satellites',
    {
      tags: ['satellites'],
      summary: 'The fleet, positions from SGP4',
      description: `Each position is at most ${POSITIONS_PERIOD_MS / 1000} s old: currentPosition.timestamp is its instant (the positions of each second are computed ahead and served through it).`,
    },
    IsraeliSatellitesResponse,
    () => fleetViews.positions(),
  );

  app.get(
    '/api/israeli-satellites/ground-tracks',
    {
      schema: {
        tags: ['satellites'],
        summary: 'Predicted ground tracks of the fleet: the next 2 hours in 5-minute steps',
        response: { 200: GroundTracksResponse },
      },
    },
    async () => {
      const now = new Date();
      return {
        start: now.toISOString(),
        stepMinutes: TRACK_STEP_MINUTES,
        horizonMinutes: TRACK_HORIZON_MINUTES,
        tracks: catalog.fleet().map((entry) => groundTrack(entry, now)),
      } as const;
    },
  );

  // Serialised once per catalogue change and sent as it is, with an ETag for revalidation. The JSON was
  // built from the fields the schema names (CatalogService.satelliteRecords, checked by tests against
  // SatellitesResponse); re-validating 50,000 records per request would cost ~100 ms.
  snapshotRoute(
    app,
    '/api/satellites',
    { tags: ['satellites'], summary: 'Every catalogue object as an SST satellite record (id, name, noradId, cosparId, category)' },
    SatellitesResponse,
    () => catalog.satelliteRecords(),
  );
};
