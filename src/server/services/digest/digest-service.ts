import type { DailyDigest, DigestAlert, DigestObject, PcTrend } from '../../../contracts/digest.ts';
import type { AlertStatus } from '../../../contracts/conjunction-events.ts';
import type { RiskLevel } from '../../../contracts/conjunctions.ts';
import type { DigestAlertRow, DigestEstimate, DigestRepository } from '../../repositories/digest-repository.ts';
import { digestWindow, lastDueDay, type DigestWindow } from './digest-day.ts';
import { renderDigestHtml } from './render-html.ts';
import { renderDigestPdf } from './render-pdf.ts';
import { renderDigestText } from './render-text.ts';
import { digestTitle } from './digest-format.ts';

/**
 * The daily digest (issue 29): gathers one day's alerts, CDMs, decisions and the newest catalogue-wide
 * run's top conjunctions (repositories/digest-repository.ts), and renders them as text, HTML and PDF.
 */

/** A Pc change within this factor reads as steady: successive screening estimates move by a few per cent without news. */
export const TREND_FACTOR = 1.1;
/** Listed at most (the counts say how many there were): an e-mail and a PDF stay readable. */
export const MAX_LEVEL_ALERTS = 200;
export const MAX_OTHER_ALERTS = 20;
export const MAX_CDMS = 200;
export const MAX_DECISIONS = 200;
export const TOP_CATALOG = 10;

const RISK_RANK: Record<string, number> = { critical: 3, high: 2, medium: 1, low: 0 };

export interface DigestServiceOptions {
  operatorLabel: string;
  hourUtc: number;
  /** The alert level in force (ALERT_LEVEL or its /config setting). */
  alertLevel: () => 'high' | 'critical';
  clock?: () => Date;
}

/** The digest's three renderings, as the e-mail and the download carry them. */
export interface RenderedDigest {
  digest: DailyDigest;
  subject: string;
  text: string;
  html: string;
  pdf: Buffer;
  pdfFilename: string;
}

export class DigestService {
  private readonly clock: () => Date;

  constructor(
    private readonly repo: DigestRepository,
    private readonly options: DigestServiceOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** Day D's window, or (no date) the day that ended at the most recent digest hour. */
  window(day: string | undefined): DigestWindow {
    return day === undefined ? lastDueDay(this.clock(), this.options.hourUtc) : digestWindow(day, this.options.hourUtc);
  }

  async build(day?: string): Promise<DailyDigest> {
    const { day: date, start, end } = this.window(day);
    const alertLevel = this.options.alertLevel();
    const rows = await this.repo.openAlertsAt(end);
    const ids = rows.map((r) => r.id);
    const [atStart, firstToday, atEnd, counts] = await Promise.all([
      this.repo.estimatesInForce(ids, start),
      this.repo.firstEstimatesIn(ids, start, end),
      this.repo.estimatesInForce(ids, end),
      this.repo.estimateCounts(ids, start, end),
    ]);
    const alerts = rows.map((r) => alertOf(r, atStart.get(r.id) ?? firstToday.get(r.id), atEnd.get(r.id), counts.get(r.id) ?? 0));
    const level = RISK_RANK[alertLevel] ?? 2;
    const atOrAbove = alerts
      .filter((a) => (RISK_RANK[a.riskLevel] ?? 0) >= level)
      .sort((a, b) => (RISK_RANK[b.riskLevel] ?? 0) - (RISK_RANK[a.riskLevel] ?? 0) || b.pcEnd - a.pcEnd || a.tca.localeCompare(b.tca));
    const others = alerts.filter((a) => (RISK_RANK[a.riskLevel] ?? 0) < level).sort((a, b) => b.pcEnd - a.pcEnd || a.tca.localeCompare(b.tca));

    const [cdms, decisions, run] = await Promise.all([this.repo.cdmsImported(start, end, MAX_CDMS), this.repo.decisions(start, end, MAX_DECISIONS), this.repo.latestCatalogRun(end)]);
    const top = run ? await this.repo.topCatalogConjunctions(run.jobId, TOP_CATALOG) : [];
    const spec = (run?.spec ?? {}) as { startMs?: number; endMs?: number };
    return {
      date,
      windowStart: start.toISOString(),
      windowEnd: end.toISOString(),
      generatedAt: this.clock().toISOString(),
      operatorLabel: this.options.operatorLabel,
      alertLevel,
      alerts: { open: alerts.length, atOrAboveLevel: atOrAbove.slice(0, MAX_LEVEL_ALERTS), others: others.slice(0, MAX_OTHER_ALERTS), othersTotal: others.length },
      cdms: {
        total: cdms.total,
        items: cdms.rows.map((c) => ({
          conjunctionId: c.conjunctionId,
          originator: c.originator,
          messageId: c.messageId,
          creationDate: c.creationDate.toISOString(),
          importedAt: c.importedAt.toISOString(),
          tca: c.tca.toISOString(),
          object1: objectOf(c.object1Norad, c.object1Name),
          object2: objectOf(c.object2Norad, c.object2Name),
          pc: c.pc,
          pcMethod: c.pcMethod,
        })),
      },
      decisions: decisions.map((d) => ({
        conjunctionId: d.conjunctionId,
        at: d.at.toISOString(),
        actor: d.actor,
        fromStatus: (d.fromStatus as AlertStatus | null) ?? null,
        toStatus: d.toStatus as AlertStatus,
        comment: d.comment,
      })),
      catalogRun: run
        ? {
            jobId: run.jobId,
            finishedAt: run.finishedAt.toISOString(),
            windowStart: typeof spec.startMs === 'number' ? new Date(spec.startMs).toISOString() : run.finishedAt.toISOString(),
            windowEnd: typeof spec.endMs === 'number' ? new Date(spec.endMs).toISOString() : run.finishedAt.toISOString(),
            conjunctions: run.conjunctions,
            top: top.map((t) => ({
              primary: { noradId: t.primaryNorad, name: t.primaryName },
              secondary: { noradId: t.secondaryNorad, name: t.secondaryName },
              tca: t.tca.toISOString(),
              missKm: t.missKm,
              pc: t.pc,
              riskLevel: t.riskLevel as RiskLevel,
            })),
          }
        : null,
    };
  }

  /** The digest of day D with its text, HTML and PDF. */
  async render(day?: string): Promise<RenderedDigest> {
    const digest = await this.build(day);
    return {
      digest,
      subject: `${digestTitle(digest.date)} (${digest.operatorLabel})`,
      text: renderDigestText(digest),
      html: renderDigestHtml(digest),
      pdf: await renderDigestPdf(digest),
      pdfFilename: `data-forge-digest-${digest.date}.pdf`,
    };
  }
}

function objectOf(noradId: number, name: string | null): DigestObject {
  return { noradId, name: name ?? `NORAD ${noradId}` };
}

/**
 * One open alert with its Pc over the day: from the estimate in force when the day began (or its
 * first estimate, for an alert detected that day) to the one in force at its end.
 */
function alertOf(r: DigestAlertRow, first: DigestEstimate | undefined, last: DigestEstimate | undefined, estimates: number): DigestAlert {
  const pcEnd = last?.pc ?? r.pc;
  const pcStart = first?.pc ?? null;
  return {
    conjunctionId: r.conjunctionId,
    alertStatus: r.statusAtEnd as AlertStatus,
    assignee: r.assignee,
    riskLevel: (last?.riskLevel ?? r.riskLevel) as RiskLevel,
    tca: r.tca.toISOString(),
    missKm: last?.missKm ?? r.missKm,
    primary: objectOf(r.primaryNorad, r.primaryName),
    secondary: objectOf(r.secondaryNorad, r.secondaryName),
    pcStart,
    pcEnd,
    estimates,
    trend: trendOf(pcStart, pcEnd, estimates),
  };
}

export function trendOf(pcStart: number | null, pcEnd: number, estimates: number): PcTrend {
  if (estimates === 0 || pcStart === null) return 'none';
  if (pcEnd > pcStart * TREND_FACTOR) return 'rising';
  if (pcEnd * TREND_FACTOR < pcStart) return 'falling';
  return 'steady';
}
