import { z } from 'zod';
import { AlertStatus } from './conjunction-events.ts';
import { RiskLevel } from './conjunctions.ts';

/**
 * The daily digest (issue 29): what happened to the alerts over one day, for the people who were
 * not watching. `GET /api/digest/daily` (JSON) and `GET /api/digest/daily.pdf` (the same as a PDF
 * report); the e-mail of `daily_digest` rules carries its text, HTML and PDF.
 *
 * Day D is the 24 h from D at DIGEST_HOUR_UTC to D + 1 at DIGEST_HOUR_UTC: the day that ends when the
 * digest is sent (with DIGEST_HOUR_UTC=0 it is exactly the UTC calendar day D).
 */

const isoUtc = (what: string) => z.string().describe(`${what}, ISO 8601 UTC`);

/**
 * Years a digest may be asked for. The database holds timestamps from 4713 BC to 294276 AD, but a
 * calendar date of four digits without a year 0 (ISO 8601's 0000 is 1 BC, which PostgreSQL refuses
 * as '0000-01-01') is what a user types; no conjunction can predate Sputnik (1957).
 */
export const DIGEST_MIN_YEAR = 1957;
export const DIGEST_MAX_YEAR = 9998;

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not), within the years above. */
export const DigestDate = z.string().superRefine((value, ctx) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) {
    ctx.addIssue({ code: 'custom', message: `'${value}' is not a date YYYY-MM-DD (e.g. 2026-12-06)` });
    return;
  }
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(0);
  t.setUTCFullYear(year, month - 1, day);
  if (t.getUTCFullYear() !== year || t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day) {
    ctx.addIssue({ code: 'custom', message: `'${value}' is not a calendar date` });
    return;
  }
  if (year < DIGEST_MIN_YEAR || year > DIGEST_MAX_YEAR) ctx.addIssue({ code: 'custom', message: `the year must be from ${DIGEST_MIN_YEAR} to ${DIGEST_MAX_YEAR}, got ${year}` });
});

export const DigestQuery = z
  .object({
    date: DigestDate.optional().describe('The day D (YYYY-MM-DD); default: the day that ended at the most recent DIGEST_HOUR_UTC'),
  })
  .strict();
export type DigestQuery = z.infer<typeof DigestQuery>;

const DigestObject = z.object({ noradId: z.number().int(), name: z.string().describe('Catalogue name, or NORAD n when the catalogue has none') });
export type DigestObject = z.infer<typeof DigestObject>;

/** rising/falling: the Pc at the end of the day is more than 10 % above/below the one at its start; steady: within; none: no new estimate that day. */
export const PcTrend = z.enum(['rising', 'falling', 'steady', 'none']);
export type PcTrend = z.infer<typeof PcTrend>;

export const DigestAlert = z.object({
  conjunctionId: z.string(),
  alertStatus: AlertStatus.describe('The alert status at the end of the day'),
  assignee: z.string().nullable(),
  riskLevel: RiskLevel.describe('The risk level of the estimate in force at the end of the day'),
  tca: isoUtc('Time of closest approach'),
  missKm: z.number(),
  primary: DigestObject,
  secondary: DigestObject,
  pcStart: z.number().nullable().describe("The Pc in force when the day began (the alert's first estimate when it was detected that day); null: none"),
  pcEnd: z.number().describe('The Pc in force at the end of the day'),
  estimates: z.number().int().describe('New estimates (screening runs or CDMs) that day'),
  trend: PcTrend,
});
export type DigestAlert = z.infer<typeof DigestAlert>;

export const DigestCdm = z.object({
  conjunctionId: z.string(),
  originator: z.string(),
  messageId: z.string(),
  creationDate: isoUtc('CREATION_DATE'),
  importedAt: isoUtc('When it was imported'),
  tca: isoUtc('TCA'),
  object1: DigestObject,
  object2: DigestObject,
  pc: z.number().nullable().describe('The Pc the import chose for the message'),
  pcMethod: z.string(),
});
export type DigestCdm = z.infer<typeof DigestCdm>;

export const DigestDecision = z.object({
  conjunctionId: z.string(),
  at: isoUtc('When'),
  actor: z.string().nullable(),
  fromStatus: AlertStatus.nullable(),
  toStatus: AlertStatus,
  comment: z.string().nullable(),
});
export type DigestDecision = z.infer<typeof DigestDecision>;

export const DigestCatalogConjunction = z.object({
  primary: DigestObject,
  secondary: DigestObject,
  tca: isoUtc('TCA'),
  missKm: z.number(),
  pc: z.number(),
  riskLevel: RiskLevel,
});
export type DigestCatalogConjunction = z.infer<typeof DigestCatalogConjunction>;

export const DailyDigest = z
  .object({
    date: z.string().describe('The day D, YYYY-MM-DD'),
    windowStart: isoUtc('Start of the day (D at DIGEST_HOUR_UTC)'),
    windowEnd: isoUtc('End of the day (D + 1 at DIGEST_HOUR_UTC)'),
    generatedAt: isoUtc('When this digest was made'),
    operatorLabel: z.string(),
    alertLevel: z.enum(['high', 'critical']).describe('ALERT_LEVEL (or its /config setting) when the digest was made'),
    alerts: z.object({
      open: z.number().int().describe('Alerts open at the end of the day'),
      atOrAboveLevel: z.array(DigestAlert).describe('Open alerts at or above the alert level, highest risk and Pc first'),
      others: z.array(DigestAlert).describe('The other open alerts, highest Pc first (the first ones; `othersTotal` counts them all)'),
      othersTotal: z.number().int(),
    }),
    cdms: z.object({ total: z.number().int(), items: z.array(DigestCdm).describe('CDMs imported that day, oldest first (the first ones)') }),
    decisions: z.array(DigestDecision).describe("Operators' decisions that day (risk accepted, false alarm, mitigating, closed), oldest first"),
    catalogRun: z
      .object({
        jobId: z.string(),
        finishedAt: isoUtc('When the run finished'),
        windowStart: isoUtc('Screened from'),
        windowEnd: isoUtc('Screened to'),
        conjunctions: z.number().int().describe('Conjunctions the run stored'),
        top: z.array(DigestCatalogConjunction).describe('Its 10 highest-Pc conjunctions (ties: closest first)'),
      })
      .nullable()
      .describe('The newest catalogue-wide run finished before the end of the day; null: none'),
  })
  .meta({ id: 'DailyDigest' });
export type DailyDigest = z.infer<typeof DailyDigest>;
