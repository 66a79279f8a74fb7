import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppInfoResponse } from '../../contracts/app-info.ts';
import type { AppContext } from '../app-context.ts';

/**
 * GET /api/app-info: name, version and the header's operator label: OPERATOR_LABEL on a loopback
 * server without accounts, else the signed-in user's name (issue 12).
 */
export const appInfoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/app-info',
    { schema: { tags: ['system'], summary: 'Installation facts for the web shell', response: { 200: AppInfoResponse } } },
    async (request) => ({
      name: 'Data Forge' as const,
      version: ctx.version,
      operatorLabel: request.principal && request.principal.via !== 'local' ? request.principal.username : ctx.config.OPERATOR_LABEL,
    }),
  );
};
