import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../contracts/error.ts';
import {
  NotificationDelivery,
  NotificationDeliveryParams,
  NotificationDeliveryQuery,
  NotificationRule,
  NotificationRuleCreate,
  NotificationRuleParams,
  NotificationRuleUpdate,
  SmtpSettings,
  SmtpSettingsUpdate,
} from '../../contracts/notifications.ts';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../http/errors.ts';
import { NotificationError } from '../services/notifications/notification-service.ts';

const STATUS: Record<NotificationError['kind'], number> = { invalid: 400, 'not-found': 404, conflict: 409 };

async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotificationError) throw new HttpError(STATUS[error.kind], error.message);
    throw error;
  }
}

/**
 * Notification rules, their deliveries and the SMTP server (issue 29), for admins (/config);
 * `ssa notify` does the same from the shell. Secrets are write-only: answers say hasSecret, and the
 * SMTP URL comes back with its password masked. The audit rows keep no secret (auditBody lists the
 * fields they keep).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['notifications'];
  const notifications = ctx.services.notifications;
  const admin = { access: 'admin' as const };

  app.get('/api/notifications/rules', { config: admin, schema: { tags, summary: 'Notification rules (admin)', response: { 200: z.object({ rules: z.array(NotificationRule) }) } } }, async () => ({
    rules: await notifications.listRules(),
  }));

  app.post(
    '/api/notifications/rules',
    {
      config: { ...admin, auditBody: ['channel', 'target', 'minRisk', 'minPc', 'scope', 'events'] },
      schema: { tags, summary: 'Create a notification rule (admin); a webhook needs a secret (and NOTIFY_SECRET_KEY set)', body: NotificationRuleCreate, response: { 201: NotificationRule, 400: ErrorResponse } },
    },
    async (request, reply) => reply.status(201).send(await answering(() => notifications.createRule(request.body, request.principal?.username ?? 'local'))),
  );

  app.patch(
    '/api/notifications/rules/:id',
    {
      config: { ...admin, auditBody: ['enabled', 'minRisk', 'minPc', 'scope', 'events', 'tcaWithinHours'] },
      schema: { tags, summary: 'Change a notification rule (admin)', params: NotificationRuleParams, body: NotificationRuleUpdate, response: { 200: NotificationRule, 400: ErrorResponse, 404: ErrorResponse } },
    },
    async (request) => answering(() => notifications.updateRule(request.params.id, request.body)),
  );

  app.delete(
    '/api/notifications/rules/:id',
    {
      config: admin,
      schema: { tags, summary: 'Remove a notification rule (admin); its waiting messages end dead', params: NotificationRuleParams, response: { 204: z.null().describe('Removed (no body)'), 404: ErrorResponse } },
    },
    async (request, reply) => {
      await answering(() => notifications.removeRule(request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/notifications/rules/:id/test',
    {
      config: admin,
      schema: { tags, summary: 'Send a test message of the rule through the delivery queue (admin); answers the delivery', params: NotificationRuleParams, response: { 202: NotificationDelivery, 404: ErrorResponse } },
    },
    async (request, reply) => reply.status(202).send(await answering(() => notifications.testRule(request.params.id))),
  );

  app.get(
    '/api/notifications/deliveries',
    {
      config: admin,
      schema: { tags, summary: 'Messages of the rules, newest first (admin); status=dead: the dead letters with their last error', querystring: NotificationDeliveryQuery, response: { 200: z.object({ deliveries: z.array(NotificationDelivery) }) } },
    },
    async (request) => ({ deliveries: await notifications.listDeliveries(request.query) }),
  );

  app.post(
    '/api/notifications/deliveries/:id/retry',
    {
      config: admin,
      schema: { tags, summary: 'Send a dead delivery again (admin): back to pending, same id', params: NotificationDeliveryParams, response: { 200: NotificationDelivery, 404: ErrorResponse, 409: ErrorResponse } },
    },
    async (request) => answering(() => notifications.retryDelivery(request.params.id)),
  );

  app.get('/api/notifications/smtp', { config: admin, schema: { tags, summary: 'The SMTP server e-mail goes through (admin; password masked)', response: { 200: SmtpSettings } } }, async () =>
    notifications.smtpSettings(),
  );

  app.put(
    '/api/notifications/smtp',
    {
      config: { ...admin, auditBody: ['from'] },
      schema: { tags, summary: 'Store the SMTP server (admin); a password needs NOTIFY_SECRET_KEY (stored encrypted)', body: SmtpSettingsUpdate, response: { 200: SmtpSettings, 400: ErrorResponse } },
    },
    async (request) => answering(() => notifications.setSmtpSettings(request.body)),
  );
};
