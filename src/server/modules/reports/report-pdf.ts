import PDFDocument from 'pdfkit';
import { agreedOnWords, seenByWords } from '../../../shared/fair-evaluations.js';
import {
  measuredPercentileText,
  progressExplanation,
  REPORT_GOAL_OUTCOME,
  reportGoalDetail,
  spreadOf,
  type ReportSnapshot,
} from '../../../shared/schemas/report-snapshot.js';

/**
 * The report as a PDF, drawn only from the frozen snapshot: what the family reads on screen, nothing
 * more (no evaluator's name, no staff note: the snapshot carries none).
 */
export function reportPdf(s: ReportSnapshot): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Report ${s.player.first_name} ${s.player.last_name} ${s.cycle.name}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pct = (n: number | null) => (n === null ? 'not evaluated' : `${Math.round(n)}%`);

  doc.font('Helvetica-Bold').fontSize(20).text(`${s.player.first_name} ${s.player.last_name}`);
  doc.font('Helvetica').fontSize(12).text(`${s.cycle.name} · ${s.cycle.season} · ${s.team.name}`);
  doc.fontSize(10).fillColor('#555').text(`Evaluated by ${s.evaluated_by}, as of ${s.cycle.closes_on}`).fillColor('#000');
  doc.moveDown();
  const totals = [`Total: ${pct(s.total)}`];
  if (s.change !== null) totals.push(`change since the previous report: ${s.change > 0 ? '+' : ''}${Math.round(s.change)}`);
  if (s.total_progress) totals.push(`${s.total_progress.words}*`);
  if (s.team_average !== null) totals.push(`team average: ${pct(s.team_average)}`);
  if (s.rank) totals.push(`rank ${s.rank.position} of ${s.rank.of}`);
  doc.font('Helvetica-Bold').fontSize(13).text(totals.join(' · '));
  doc.moveDown();

  if (s.tryouts.length) {
    heading(doc, 'Tryouts');
    for (const t of s.tryouts) {
      const agreed = agreedOnWords(t.agreed_on);
      doc
        .font('Helvetica')
        .fontSize(11)
        .text(`${t.session}: ${seenByWords(t.evaluators)}.${agreed ? ` ${agreed}` : ''}`);
    }
    doc.moveDown();
  }

  heading(doc, "Coach's comment");
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(s.overall_comment || '—');
  doc.moveDown();

  heading(doc, 'Scores');
  for (const c of s.criteria) {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`${c.label}: ${pct(c.percent)}`);
    if (c.measured) {
      // The PDF's standard font has no arrow.
      doc.font('Helvetica').fontSize(11).text(c.measured.label.replace(' → ', ' -> '));
      if (c.measured.percentile) doc.fontSize(10).text(measuredPercentileText(c.measured.percentile));
    }
    if (c.progress) doc.font('Helvetica').fontSize(10).text(`Since the last report: ${c.progress.words}*`);
    if (c.description) doc.font('Helvetica').fontSize(9).fillColor('#555').text(c.description).fillColor('#000');
    if (c.comment) doc.font('Helvetica').fontSize(11).text(c.comment);
    doc.moveDown(0.4);
  }
  if (s.focus.length) {
    doc.moveDown();
    heading(doc, 'To work on next');
    s.focus.forEach((f, i) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(`${i + 1}. ${f.label}`);
      doc.font('Helvetica').fontSize(11).text(f.text);
      for (const r of f.resources) doc.fontSize(10).fillColor('#1c5fb8').text(`${r.title}: ${r.url}`, { link: r.url }).fillColor('#000');
      doc.moveDown(0.4);
    });
  }
  const goalList = (title: string, list: ReportSnapshot['goals']['set'], outcome: boolean) => {
    if (!list.length) return;
    doc.moveDown();
    heading(doc, title);
    for (const g of list) {
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(outcome ? `${g.title}: ${REPORT_GOAL_OUTCOME[g.state]}` : g.title);
      doc.font('Helvetica').fontSize(10).text(reportGoalDetail(g));
      doc.moveDown(0.3);
    }
  };
  goalList('Goals set at the last report', s.goals.previous, true);
  goalList('New goals', s.goals.set, false);
  footnotes(doc, s);
  doc.end();
  return done;
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.font('Helvetica-Bold').fontSize(14).text(text);
  doc.moveDown(0.3);
}

/** How a change since the last report is judged: one footnote line per rule used. */
function footnotes(doc: PDFKit.PDFDocument, s: ReportSnapshot): void {
  const notes = [
    ...(s.total_progress ? [`Total: ${progressExplanation(s.total_progress, 'total scores')}`] : []),
    ...s.criteria.flatMap((c) => (c.progress ? [`${c.label}: ${progressExplanation(c.progress, spreadOf(c))}`] : [])),
  ];
  if (!notes.length) return;
  doc.moveDown();
  doc.font('Helvetica').fontSize(8).fillColor('#555');
  for (const n of notes) doc.text(`* ${n}`);
  doc.fillColor('#000');
}
