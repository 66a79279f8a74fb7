import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataSourceParams, DataSourcesResponse } from '../../contracts/data-sources.ts';
import { ErrorResponse } from '../../contracts/error.ts';
import { SettingsChange, SettingsResponse } from '../../contracts/settings.ts';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The Configuration screen's server side (issue 14):
 * - GET /api/settings: the fleet and the screening settings in force, the environment's defaults,
 *   which ones were changed here, and the fleet's members by name;
 * - PATCH /api/settings: change some (a value) or take them back to the environment's (null);
 *   kept in the database, applied at once, the next screening uses them;
 * - GET /api/data-sources: CelesTrak, Space-Track and NOAA SWPC, each with its state and last attempt;
 * - POST /api/data-sources/{id}/update: read a source now (when it is on).
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { settings, sourceStatus, updater, spaceWeatherUpdater, cdmFeed } = ctx.services;

  app.get(
    '/api/settings',
    { schema: { tags: ['settings'], summary: 'The fleet and the screening settings in force, with the environment’s defaults', response: { 200: SettingsResponse } } },
    async () => settings.current(),
  );

  app.patch(
    '/api/settings',
    {
      config: { auditBody: ['fleetOwners', 'fleetNoradIds', 'thresholdKm', 'intervalMinutes', 'windowDays', 'alertLevel'] },
      schema: {
        tags: ['settings'],
        summary: 'Change settings (a value), or take them back to the environment’s defaults (null); kept in the database',
        body: SettingsChange,
        response: { 200: SettingsResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const principal = request.principal;
      const actor = principal && principal.via !== 'local' ? principal.username : ctx.config.OPERATOR_LABEL;
      return settings.change(request.body, actor, new Date());
    },
  );

  app.get(
    '/api/data-sources',
    { schema: { tags: ['settings'], summary: 'The online data sources, each with its state and its last success or failure', response: { 200: DataSourcesResponse } } },
    async () => sourceStatus.list(),
  );

  app.post(
    '/api/data-sources/:id/update',
    {
      schema: {
        tags: ['settings'],
        summary: 'Read a data source now (it must be on); answers with the sources’ status after the attempt',
        params: DataSourceParams,
        response: { 200: DataSourcesResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const id = request.params.id;
      const setup = (await sourceStatus.list()).find((s) => s.id === id);
      if (!setup?.enabled) throw new HttpError(409, `${setup?.name ?? id} is off on this server: ${setup?.setup ?? ''}`.trim());
      if (id === 'noaa-swpc') await spaceWeatherUpdater.runOnce().catch(() => undefined);
      else if (id === 'spacetrack-cdm') await cdmFeed.runOnce().catch(() => undefined);
      else await updater.runOnce();
      return sourceStatus.list();
    },
  );
};
