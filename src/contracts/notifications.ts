import { z } from 'zod';
import { RiskLevel } from './conjunctions.ts';

/**
 * Notifications (issue 29): rules that say which alert events reach whom, over a signed webhook or
 * e-mail, and the deliveries they made. Managed by admins (/config, `ssa notify`). Secrets (the
 * webhook's signing secret, the SMTP password) are write-only: stored encrypted, never returned.
 */

const isoUtc = (what: string) => z.string().describe(`${what}, ISO 8601 UTC`);
const noNul = (s: string) => !s.includes('\u0000');
const MAX_INT_ID = 2_147_483_647;

/**
 * What a rule fires on. new_alert: an event first reaches the rule's level; risk_raised: a new
 * estimate raises its risk level (a closed alert is reopened); tca_near: its TCA is within the rule's
 * hours and it is still open; plan_screened: an avoidance plan of it was screened; status_changed: an
 * operator moved it (acknowledged, assessing, a decision, closed); daily_digest: the daily digest
 * (e-mail rules only).
 */
export const NOTIFICATION_EVENTS = ['new_alert', 'risk_raised', 'tca_near', 'plan_screened', 'status_changed', 'daily_digest'] as const;
export const NotificationEvent = z.enum(NOTIFICATION_EVENTS);
export type NotificationEvent = z.infer<typeof NotificationEvent>;

export const NotificationChannel = z.enum(['webhook', 'email']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

export const NotificationRule = z
  .object({
    id: z.number().int(),
    channel: NotificationChannel,
    target: z.string().describe('The webhook URL, or the e-mail address'),
    minRisk: RiskLevel.nullable().describe('Lowest risk level that fires the rule (null: any level, or minPc alone)'),
    minPc: z.number().nullable().describe('Lowest Pc that fires the rule (null: not a condition). With minRisk, either one suffices'),
    scope: z.enum(['fleet', 'all']).describe('fleet: events of fleet objects only; all: every stored event'),
    events: z.array(NotificationEvent).describe('The events the rule fires on'),
    tcaWithinHours: z.number().describe('tca_near: hours before TCA'),
    enabled: z.boolean(),
    hasSecret: z.boolean().describe('A webhook signing secret is stored (never returned)'),
    createdAt: isoUtc('When it was made'),
    createdBy: z.string(),
  })
  .meta({ id: 'NotificationRule' });
export type NotificationRule = z.infer<typeof NotificationRule>;

export const NotificationRuleCreate = z
  .object({
    channel: NotificationChannel,
    target: z.string().trim().min(3).max(2000).refine(noNul, 'must not contain NUL characters').describe('An http(s) URL for a webhook; an e-mail address for e-mail'),
    secret: z.string().min(16).max(512).refine(noNul, 'must not contain NUL characters').optional().describe('Webhook signing secret (required for webhooks, at least 16 characters)'),
    minRisk: RiskLevel.nullable().optional(),
    minPc: z.number().min(0).max(1).nullable().optional(),
    scope: z.enum(['fleet', 'all']).default('fleet'),
    events: z.array(NotificationEvent).min(1).max(NOTIFICATION_EVENTS.length).default(['new_alert', 'risk_raised']),
    tcaWithinHours: z.number().min(0.1).max(24 * 30).default(24),
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'NotificationRuleCreate' });
export type NotificationRuleCreate = z.infer<typeof NotificationRuleCreate>;

export const NotificationRuleUpdate = z
  .object({
    enabled: z.boolean().optional(),
    minRisk: RiskLevel.nullable().optional(),
    minPc: z.number().min(0).max(1).nullable().optional(),
    scope: z.enum(['fleet', 'all']).optional(),
    events: z.array(NotificationEvent).min(1).max(NOTIFICATION_EVENTS.length).optional(),
    tcaWithinHours: z.number().min(0.1).max(24 * 30).optional(),
    secret: z.string().min(16).max(512).refine(noNul, 'must not contain NUL characters').optional().describe('A new webhook signing secret'),
  })
  .strict()
  .meta({ id: 'NotificationRuleUpdate' });
export type NotificationRuleUpdate = z.infer<typeof NotificationRuleUpdate>;

export const NotificationRuleParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT_ID) });

/**
 * One message of a rule. `id` is stable: the webhook's `Data-Forge-Delivery` header and the
 * e-mail's Message-ID carry it, the same on every retry, so that a receiver can drop a repeat.
 * pending: waiting (first try or a retry at nextAttemptAt); delivered; dead: retries exhausted
 * (lastError says why; an admin may retry it).
 */
export const NotificationDelivery = z
  .object({
    id: z.string().describe('Stable delivery id (UUID)'),
    ruleId: z.number().int().nullable().describe('The rule (null once the rule was removed)'),
    channel: NotificationChannel,
    target: z.string(),
    event: NotificationEvent.or(z.literal('test')),
    conjunctionId: z.string().nullable(),
    subject: z.string().describe('One line: what the message says'),
    status: z.enum(['pending', 'delivered', 'dead']),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: isoUtc('When it was made'),
    nextAttemptAt: isoUtc('When it is (or was) tried next').nullable(),
    deliveredAt: isoUtc('When the receiver accepted it').nullable(),
  })
  .meta({ id: 'NotificationDelivery' });
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

export const NotificationDeliveryQuery = z
  .object({
    status: z.enum(['pending', 'delivered', 'dead', 'all']).default('all'),
    ruleId: z.coerce.number().int().positive().max(MAX_INT_ID).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export type NotificationDeliveryQuery = z.infer<typeof NotificationDeliveryQuery>;

export const NotificationDeliveryParams = z.object({ id: z.uuid() });

/** The SMTP server e-mail goes through: SMTP_URL / SMTP_FROM from the environment, or as an admin stored it (password encrypted). */
export const SmtpSettings = z
  .object({
    url: z.string().nullable().describe('smtp:// or smtps:// URL with the password masked; null: e-mail not configured'),
    from: z.string().nullable(),
    source: z.enum(['environment', 'database', 'none']),
    hasPassword: z.boolean(),
  })
  .meta({ id: 'SmtpSettings' });
export type SmtpSettings = z.infer<typeof SmtpSettings>;

export const SmtpSettingsUpdate = z
  .object({
    url: z.string().trim().min(8).max(2000).refine(noNul, 'must not contain NUL characters').describe('smtp://user:password@host:port or smtps://…'),
    from: z.string().trim().min(3).max(320).refine(noNul, 'must not contain NUL characters').describe('The From address'),
  })
  .strict()
  .meta({ id: 'SmtpSettingsUpdate' });
export type SmtpSettingsUpdate = z.infer<typeof SmtpSettingsUpdate>;
