import PDFDocument from 'pdfkit';
import type { DailyDigest } from '../../../contracts/digest.ts';
import { digestTitle, formatKm, formatPc, formatUtc, objectName, statusWords, trendText } from './digest-format.ts';

/**
 * The daily digest as a PDF report (pdfkit): A4 landscape, for print, with the tables of the text
 * and HTML renderings. PDFKit's standard fonts (Helvetica) need no font file and cover WinAnsi
 * (Windows-1252), so text outside it is replaced (`pdfText`) rather than drawn as wrong glyphs.
 */

const MARGIN = 36;
const CELL_PAD = 3;
const BODY_SIZE = 8;
/**
 * Text is laid out this much narrower than its room. The standard fonts are not embedded, and a
 * viewer draws them with its own face of Helvetica's metrics or near them (Chromium's PDF viewer:
 * a few per cent wider), which must not run into the next column.
 */
const SLACK = 0.9;

/** Windows-1252's characters above U+00FF (PDF 32000-1:2008, Annex D.2, WinAnsiEncoding). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = { '→': '->', '←': '<-', '≥': '>=', '≤': '<=', '×': 'x', '−': '-' };

/** Text the standard fonts can draw: the common symbols spelled in ASCII, anything else outside WinAnsi as '?'. */
export function pdfText(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\n') out += ch;
    else if (ch === '\t') out += ' ';
    else out += '?';
  }
  return out;
}

interface Column {
  header: string;
  /** Share of the page's width. */
  share: number;
}

export async function renderDigestPdf(d: DailyDigest): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: false,
    // A fixed creation date: the same digest gives the same file (the generation time, not the clock at rendering).
    info: { Title: pdfText(digestTitle(d.date)), Author: pdfText(d.operatorLabel), Creator: 'Data Forge', CreationDate: new Date(d.generatedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;

  const heading = (text: string) => {
    if (doc.y + 40 > bottom()) doc.addPage();
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor('#000').text(pdfText(text), MARGIN, doc.y, { width });
    doc.moveTo(MARGIN, doc.y + 1).lineTo(MARGIN + width, doc.y + 1).lineWidth(0.5).strokeColor('#888').stroke();
    doc.moveDown(0.3);
  };
  const note = (text: string) => doc.font('Helvetica').fontSize(9).fillColor('#333').text(pdfText(text), MARGIN, doc.y, { width: width * SLACK });

  const table = (columns: Column[], rawRows: string[][]) => {
    const widths = columns.map((c) => c.share * width);
    const cellWidth = (i: number) => ((widths[i] ?? 0) - 2 * CELL_PAD) * SLACK;
    /**
     * A word wider than its column (a CDM's message id, a long name) is cut where it fills the
     * column: PDFKit's line wrapper breaks at spaces and lets such a word run into the next cell.
     */
    const fit = (text: string, i: number): string => {
      const room = cellWidth(i);
      doc.font('Helvetica').fontSize(BODY_SIZE);
      return pdfText(text)
        .split('\n')
        .map((line) =>
          line
            .split(' ')
            .map((word) => {
              if (doc.widthOfString(word) <= room) return word;
              const parts: string[] = [];
              let part = '';
              for (const ch of word) {
                if (part !== '' && doc.widthOfString(part + ch) > room) {
                  parts.push(part);
                  part = '';
                }
                part += ch;
              }
              return [...parts, part].join('\n');
            })
            .join(' '),
        )
        .join('\n');
    };
    const rows = rawRows.map((r) => r.map(fit));
    const rowHeight = (cells: string[], font: string) => {
      doc.font(font).fontSize(BODY_SIZE);
      return Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cellWidth(i) }))) + 2 * CELL_PAD;
    };
    const drawRow = (cells: string[], font: string, shade: boolean) => {
      const h = rowHeight(cells, font);
      const y = doc.y;
      if (shade) doc.rect(MARGIN, y, width, h).fillColor('#eeeeee').fill();
      let x = MARGIN;
      doc.font(font).fontSize(BODY_SIZE).fillColor('#000');
      cells.forEach((c, i) => {
        doc.text(c, x + CELL_PAD, y + CELL_PAD, { width: cellWidth(i) });
        x += widths[i] ?? 0;
      });
      doc.moveTo(MARGIN, y + h).lineTo(MARGIN + width, y + h).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
      doc.x = MARGIN;
      doc.y = y + h;
    };
    const header = columns.map((c) => pdfText(c.header));
    drawRow(header, 'Helvetica-Bold', true);
    for (const row of rows) {
      // A row that does not fit starts a new page, under the table's header again.
      if (doc.y + rowHeight(row, 'Helvetica') > bottom()) {
        doc.addPage();
        drawRow(header, 'Helvetica-Bold', true);
      }
      drawRow(row, 'Helvetica', false);
    }
    doc.moveDown(0.5);
  };

  // Title block.
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000').text(pdfText(digestTitle(d.date)), MARGIN, MARGIN, { width: width * SLACK });
  doc.font('Helvetica').fontSize(10).fillColor('#222').text(pdfText(`Operator: ${d.operatorLabel}`), { width: width * SLACK });
  doc.text(pdfText(`Covers ${formatUtc(d.windowStart)} to ${formatUtc(d.windowEnd)}. Alert level: ${d.alertLevel}. Generated ${formatUtc(d.generatedAt)}.`), { width: width * SLACK });

  const { alerts } = d;
  heading(`Open alerts at or above ${d.alertLevel}: ${alerts.atOrAboveLevel.length} (of ${alerts.open} open)`);
  if (alerts.atOrAboveLevel.length === 0) note('None.');
  else
    table(
      [
        { header: 'Alert', share: 0.1 },
        { header: 'Risk', share: 0.06 },
        { header: 'Status', share: 0.08 },
        { header: 'Assignee', share: 0.08 },
        { header: 'TCA', share: 0.13 },
        { header: 'Miss', share: 0.07 },
        { header: 'Pc over the day', share: 0.22 },
        { header: 'Objects', share: 0.26 },
      ],
      alerts.atOrAboveLevel.map((a) => [a.conjunctionId, a.riskLevel, statusWords(a.alertStatus), a.assignee ?? '-', formatUtc(a.tca), formatKm(a.missKm), trendText(a), `${objectName(a.primary)}\n${objectName(a.secondary)}`]),
    );

  heading(`Other open alerts: ${alerts.othersTotal}${alerts.othersTotal > alerts.others.length ? ` (the ${alerts.others.length} highest Pc shown)` : ''}`);
  if (alerts.others.length === 0) note('None.');
  else
    table(
      [
        { header: 'Alert', share: 0.14 },
        { header: 'Risk', share: 0.1 },
        { header: 'Status', share: 0.14 },
        { header: 'Pc', share: 0.12 },
        { header: 'TCA', share: 0.16 },
        { header: 'Objects', share: 0.34 },
      ],
      alerts.others.map((a) => [a.conjunctionId, a.riskLevel, statusWords(a.alertStatus), formatPc(a.pcEnd), formatUtc(a.tca), `${objectName(a.primary)} / ${objectName(a.secondary)}`]),
    );

  heading(`CDMs imported: ${d.cdms.total}${d.cdms.total > d.cdms.items.length ? ` (the first ${d.cdms.items.length} shown)` : ''}`);
  if (d.cdms.items.length === 0) note('None.');
  else
    table(
      [
        { header: 'Alert', share: 0.1 },
        { header: 'Originator', share: 0.08 },
        { header: 'Message', share: 0.2 },
        { header: 'Created', share: 0.13 },
        { header: 'TCA', share: 0.13 },
        { header: 'Pc', share: 0.11 },
        { header: 'Objects', share: 0.25 },
      ],
      d.cdms.items.map((c) => [c.conjunctionId, c.originator, c.messageId, formatUtc(c.creationDate), formatUtc(c.tca), `${formatPc(c.pc)} (${c.pcMethod})`, `${objectName(c.object1)}\n${objectName(c.object2)}`]),
    );

  heading(`Decisions: ${d.decisions.length}`);
  if (d.decisions.length === 0) note('None.');
  else
    table(
      [
        { header: 'When', share: 0.13 },
        { header: 'Alert', share: 0.11 },
        { header: 'Decision', share: 0.2 },
        { header: 'By', share: 0.12 },
        { header: 'Comment', share: 0.44 },
      ],
      d.decisions.map((x) => [formatUtc(x.at), x.conjunctionId, `${statusWords(x.fromStatus)} -> ${statusWords(x.toStatus)}`, x.actor ?? 'system', x.comment ?? '']),
    );

  heading('Catalogue-wide screening');
  const run = d.catalogRun;
  if (!run) note('No catalogue-wide run had finished by the end of the day.');
  else {
    note(`Run ${run.jobId}, finished ${formatUtc(run.finishedAt)}, screened ${formatUtc(run.windowStart)} to ${formatUtc(run.windowEnd)}: ${run.conjunctions} conjunctions.`);
    note(`Top ${run.top.length} by Pc:`);
    doc.moveDown(0.3);
    if (run.top.length > 0)
      table(
        [
          { header: '#', share: 0.04 },
          { header: 'Pc', share: 0.1 },
          { header: 'Risk', share: 0.08 },
          { header: 'Miss', share: 0.1 },
          { header: 'TCA', share: 0.14 },
          { header: 'Objects', share: 0.54 },
        ],
        run.top.map((t, i) => [String(i + 1), formatPc(t.pc), t.riskLevel, formatKm(t.missKm), formatUtc(t.tca), `${objectName(t.primary)} / ${objectName(t.secondary)}`]),
      );
  }
  doc.end();
  return done;
}
