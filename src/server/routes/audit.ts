import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditQuery, AuditResponse } from '../../contracts/auth.ts';
import type { AppContext } from '../app-context.ts';

/** GET /api/audit: who wrote what, when (admin), newest first. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/audit',
    {
      config: { access: 'admin' },
      schema: { tags: ['accounts'], summary: 'The audit log of writes, newest first (admin)', querystring: AuditQuery, response: { 200: AuditResponse } },
    },
    async (request) => {
      const q = request.query;
      const { total, entries } = await ctx.services.accounts.listAudit({
        actor: q.actor,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        limit: q.limit,
        offset: q.offset,
      });
      return { total, entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })) };
    },
  );
};
