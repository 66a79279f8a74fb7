import type { DailyDigest, DigestAlert } from '../../../contracts/digest.ts';
import { digestTitle, formatKm, formatPc, formatUtc, objectName, statusWords, trendText } from './digest-format.ts';

/**
 * The daily digest as HTML: the e-mail's HTML part. Inline styles and plain tables only: mail clients
 * drop <style> blocks and external sheets (Gmail keeps only inline styles in many views).
 */

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const CELL = 'padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top;font-size:13px';
const HEAD = 'padding:4px 8px;border-bottom:2px solid #333;text-align:left;font-size:12px;color:#333';
const RISK_COLOUR: Record<string, string> = { critical: '#b91c1c', high: '#c2410c', medium: '#a16207', low: '#15803d' };

function table(header: string[], rows: string[][]): string {
  const head = header.map((h) => `<th style="${HEAD}">${escapeHtml(h)}</th>`).join('');
  // Cells arrive escaped (some carry markup of their own, the risk's colour).
  const body = rows.map((r) => `<tr>${r.map((c) => `<td style="${CELL}">${c}</td>`).join('')}</tr>`).join('\n');
  return `<table style="border-collapse:collapse;width:100%;margin:4px 0 16px">\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const risk = (level: string) => `<span style="color:${RISK_COLOUR[level] ?? '#333'};font-weight:bold">${escapeHtml(level)}</span>`;
const none = '<p style="margin:4px 0 16px;color:#555">None.</p>';

function alertTable(alerts: readonly DigestAlert[]): string {
  return table(
    ['Alert', 'Risk', 'Status', 'Assignee', 'TCA', 'Miss', 'Pc over the day', 'Objects'],
    alerts.map((a) => [
      escapeHtml(a.conjunctionId),
      risk(a.riskLevel),
      escapeHtml(statusWords(a.alertStatus)),
      escapeHtml(a.assignee ?? '-'),
      escapeHtml(formatUtc(a.tca)),
      escapeHtml(formatKm(a.missKm)),
      escapeHtml(trendText(a)),
      `${escapeHtml(objectName(a.primary))}<br>${escapeHtml(objectName(a.secondary))}`,
    ]),
  );
}

export function renderDigestHtml(d: DailyDigest): string {
  const h2 = (text: string) => `<h2 style="font-size:16px;margin:20px 0 4px;border-bottom:1px solid #999">${escapeHtml(text)}</h2>`;
  const parts: string[] = [];
  parts.push(`<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(digestTitle(d.date))}</h1>`);
  parts.push(`<p style="margin:0 0 12px;color:#333">Operator: <b>${escapeHtml(d.operatorLabel)}</b><br>Covers ${escapeHtml(formatUtc(d.windowStart))} to ${escapeHtml(formatUtc(d.windowEnd))}. Alert level: ${escapeHtml(d.alertLevel)}.</p>`);

  const { alerts } = d;
  parts.push(h2(`Open alerts at or above ${d.alertLevel}: ${alerts.atOrAboveLevel.length} (of ${alerts.open} open)`));
  parts.push(alerts.atOrAboveLevel.length > 0 ? alertTable(alerts.atOrAboveLevel) : none);
  parts.push(h2(`Other open alerts: ${alerts.othersTotal}${alerts.othersTotal > alerts.others.length ? ` (the ${alerts.others.length} highest Pc shown)` : ''}`));
  parts.push(
    alerts.others.length > 0
      ? table(
          ['Alert', 'Risk', 'Status', 'Pc', 'TCA'],
          alerts.others.map((a) => [escapeHtml(a.conjunctionId), risk(a.riskLevel), escapeHtml(statusWords(a.alertStatus)), escapeHtml(formatPc(a.pcEnd)), escapeHtml(formatUtc(a.tca))]),
        )
      : none,
  );

  parts.push(h2(`CDMs imported: ${d.cdms.total}${d.cdms.total > d.cdms.items.length ? ` (the first ${d.cdms.items.length} shown)` : ''}`));
  parts.push(
    d.cdms.items.length > 0
      ? table(
          ['Alert', 'Originator', 'Message', 'Created', 'TCA', 'Pc', 'Objects'],
          d.cdms.items.map((c) => [
            escapeHtml(c.conjunctionId),
            escapeHtml(c.originator),
            escapeHtml(c.messageId),
            escapeHtml(formatUtc(c.creationDate)),
            escapeHtml(formatUtc(c.tca)),
            escapeHtml(`${formatPc(c.pc)} (${c.pcMethod})`),
            `${escapeHtml(objectName(c.object1))}<br>${escapeHtml(objectName(c.object2))}`,
          ]),
        )
      : none,
  );

  parts.push(h2(`Decisions: ${d.decisions.length}`));
  parts.push(
    d.decisions.length > 0
      ? table(
          ['When', 'Alert', 'Decision', 'By', 'Comment'],
          d.decisions.map((x) => [
            escapeHtml(formatUtc(x.at)),
            escapeHtml(x.conjunctionId),
            `${escapeHtml(statusWords(x.fromStatus))} &rarr; <b>${escapeHtml(statusWords(x.toStatus))}</b>`,
            escapeHtml(x.actor ?? 'system'),
            escapeHtml(x.comment ?? ''),
          ]),
        )
      : none,
  );

  parts.push(h2('Catalogue-wide screening'));
  const run = d.catalogRun;
  if (!run) parts.push('<p style="margin:4px 0 16px;color:#555">No catalogue-wide run had finished by the end of the day.</p>');
  else {
    parts.push(
      `<p style="margin:4px 0">Run ${escapeHtml(run.jobId)}, finished ${escapeHtml(formatUtc(run.finishedAt))}, screened ${escapeHtml(formatUtc(run.windowStart))} to ${escapeHtml(formatUtc(run.windowEnd))}: ${run.conjunctions} conjunctions. Top ${run.top.length} by Pc:</p>`,
    );
    if (run.top.length > 0)
      parts.push(
        table(
          ['#', 'Pc', 'Risk', 'Miss', 'TCA', 'Objects'],
          run.top.map((t, i) => [String(i + 1), escapeHtml(formatPc(t.pc)), risk(t.riskLevel), escapeHtml(formatKm(t.missKm)), escapeHtml(formatUtc(t.tca)), `${escapeHtml(objectName(t.primary))}<br>${escapeHtml(objectName(t.secondary))}`]),
        ),
      );
  }
  parts.push(`<p style="margin:16px 0 0;color:#777;font-size:11px">Generated ${escapeHtml(formatUtc(d.generatedAt))} by Data Forge.</p>`);
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(digestTitle(d.date))}</title></head>\n<body style="font-family:Helvetica,Arial,sans-serif;color:#111;max-width:1000px;margin:0 auto;padding:16px">\n${parts.join('\n')}\n</body></html>\n`;
}
