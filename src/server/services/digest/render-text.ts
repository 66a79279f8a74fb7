import type { DailyDigest, DigestAlert } from '../../../contracts/digest.ts';
import { digestTitle, formatKm, formatPc, formatUtc, pair, statusWords, trendText } from './digest-format.ts';

/** The daily digest as plain text: the e-mail's text part (RFC 2046 multipart/alternative's first, plainest part). */

/** Columns padded to their widest cell, two spaces apart. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function alertRows(alerts: readonly DigestAlert[]): string[][] {
  return alerts.map((a) => [a.conjunctionId, a.riskLevel, statusWords(a.alertStatus), a.assignee ?? '-', formatUtc(a.tca), formatKm(a.missKm), trendText(a), pair(a.primary, a.secondary)]);
}

const ALERT_HEADER = ['Alert', 'Risk', 'Status', 'Assignee', 'TCA', 'Miss', 'Pc over the day', 'Objects'];

export function renderDigestText(d: DailyDigest): string {
  const out: string[] = [digestTitle(d.date), `Operator: ${d.operatorLabel}`, `Covers ${formatUtc(d.windowStart)} to ${formatUtc(d.windowEnd)}. Alert level: ${d.alertLevel}.`, ''];

  const { alerts } = d;
  out.push(`OPEN ALERTS AT OR ABOVE ${d.alertLevel.toUpperCase()}: ${alerts.atOrAboveLevel.length} (of ${alerts.open} open)`);
  out.push(...(alerts.atOrAboveLevel.length > 0 ? table(ALERT_HEADER, alertRows(alerts.atOrAboveLevel)) : ['None.']), '');
  out.push(`OTHER OPEN ALERTS: ${alerts.othersTotal}${alerts.othersTotal > alerts.others.length ? ` (the ${alerts.others.length} highest Pc shown)` : ''}`);
  out.push(...(alerts.others.length > 0 ? table(['Alert', 'Risk', 'Status', 'Pc', 'TCA'], alerts.others.map((a) => [a.conjunctionId, a.riskLevel, statusWords(a.alertStatus), formatPc(a.pcEnd), formatUtc(a.tca)])) : ['None.']), '');

  out.push(`CDMS IMPORTED: ${d.cdms.total}${d.cdms.total > d.cdms.items.length ? ` (the first ${d.cdms.items.length} shown)` : ''}`);
  out.push(
    ...(d.cdms.items.length > 0
      ? table(
          ['Alert', 'Originator', 'Message', 'Created', 'TCA', 'Pc', 'Objects'],
          d.cdms.items.map((c) => [c.conjunctionId, c.originator, c.messageId, formatUtc(c.creationDate), formatUtc(c.tca), `${formatPc(c.pc)} (${c.pcMethod})`, pair(c.object1, c.object2)]),
        )
      : ['None.']),
    '',
  );

  out.push(`DECISIONS: ${d.decisions.length}`);
  out.push(
    ...(d.decisions.length > 0
      ? table(
          ['When', 'Alert', 'Decision', 'By', 'Comment'],
          d.decisions.map((x) => [formatUtc(x.at), x.conjunctionId, `${statusWords(x.fromStatus)} -> ${statusWords(x.toStatus)}`, x.actor ?? 'system', x.comment ?? '']),
        )
      : ['None.']),
    '',
  );

  out.push('CATALOGUE-WIDE SCREENING');
  const run = d.catalogRun;
  if (!run) out.push('No catalogue-wide run had finished by the end of the day.');
  else {
    out.push(`Run ${run.jobId}, finished ${formatUtc(run.finishedAt)}, screened ${formatUtc(run.windowStart)} to ${formatUtc(run.windowEnd)}: ${run.conjunctions} conjunctions. Top ${run.top.length} by Pc:`);
    if (run.top.length > 0) out.push(...table(['#', 'Pc', 'Risk', 'Miss', 'TCA', 'Objects'], run.top.map((t, i) => [String(i + 1), formatPc(t.pc), t.riskLevel, formatKm(t.missKm), formatUtc(t.tca), pair(t.primary, t.secondary)])));
  }
  out.push('', `Generated ${formatUtc(d.generatedAt)} by Data Forge.`);
  return `${out.join('\n')}\n`;
}
