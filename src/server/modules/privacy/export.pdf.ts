import PDFDocument from 'pdfkit';
import type { PlayerExport } from './export.service.js';

/**
 * The readable form of a subject access export: the same document as the JSON, section by section,
 * in plain words. File contents (photo, PDF) are named here and carried in the JSON only.
 */
export function renderExportPdf(data: PlayerExport): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Personal data of player ${data.player.id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const p = data.player;
  doc.fontSize(18).text(`Personal data of ${p.firstName} ${p.lastName}`);
  doc
    .fontSize(9)
    .fillColor('#444')
    .text(`Exported ${data.exportedAt}. The machine-readable copy (JSON, format ${data.format}) holds the same data and the files.`);
  doc.fillColor('black');

  const heading = (title: string) => {
    doc.moveDown(0.8).fontSize(13).text(title).moveDown(0.2).fontSize(10);
  };
  const line = (text: string) => doc.text(text);
  const list = <T>(title: string, rows: readonly T[], render: (row: T) => string) => {
    heading(`${title} (${rows.length})`);
    if (!rows.length) line('None.');
    for (const row of rows) line(`• ${render(row)}`);
  };

  heading('Profile');
  line(`Name: ${p.firstName} ${p.lastName}`);
  line(`Parent e-mail: ${p.parentEmail || '—'}`);
  line(`Own sign-in e-mail: ${p.playerEmail ?? '—'}`);
  line(`Birth year: ${p.birthYear ?? '—'}`);
  if (p.birthDate) line(`Birth date: ${p.birthDate}`);
  line(`Analysis video links: ${p.analysisVideoLinks.join(', ') || '—'}`);
  line(`Photo: ${data.files.photo ? `${data.files.photo.mime}, ${data.files.photo.size} bytes` : '—'}`);
  line(`Analysis PDF: ${data.files.analysisPdf ? `${data.files.analysisPdf.name}, ${data.files.analysisPdf.size} bytes` : '—'}`);
  line(`Record created ${p.createdAt}, last changed ${p.updatedAt}`);

  list('Sign-in accounts', data.accounts, (a) => `${a.email} (${a.role}, ${a.status}, since ${a.createdAt.slice(0, 10)})`);
  list('Teams', data.teams, (t) => `${t.name} — ${t.club}, ${t.season}`);
  list(
    'Evaluations',
    data.evaluations,
    (e) =>
      `${e.date} ${e.criterion} (${e.level}): ${e.score}${typeof e.score === 'number' ? ' / 10' : ''} by ${e.by}${e.current ? '' : ' (history)'}${e.comment ? ` — "${e.comment}"` : ''}`,
  );
  list('Achievements', data.achievements, (a) => `${a.date} ${a.title}${a.detail ? ` — ${a.detail}` : ''}`);
  list(
    'Goals',
    data.goals,
    (g) =>
      `${g.goal} (${g.state.replace('_', ' ')}, due ${g.dueOn})${g.target === null ? '' : `: ${g.baseline ?? '–'} → target ${g.target}, latest ${g.latest ?? '–'}`}; ${g.checkIns.length} check-in(s)`,
  );
  list('Self-assessments', data.selfAssessments, (a) => `${a.cycle} ${a.criterion}: ${a.score} (saved ${a.savedAt.slice(0, 10)})`);
  list(
    'Evaluation sessions',
    data.evaluationSessions,
    (s) =>
      `${s.name} (${s.firstDay} – ${s.lastDay}, ${s.state})${s.number === null ? '' : `, number ${s.number}`}: ${s.scores.length} scores`,
  );
  list(
    'Reports',
    data.reports,
    (r) =>
      `${r.cycle}, ${r.team}, version ${r.version}: ${r.state}${r.overallComment ? ` — "${r.overallComment}"` : ''}; sent to ${r.deliveries.map((d) => d.to).join(', ') || 'nobody'}`,
  );
  list(
    'Guardians',
    data.guardians,
    (g) =>
      `${g.email}${g.name ? ` (${g.name})` : ''}, ${g.relationship}, ${g.status}${g.primary ? ', primary' : ''}; consents: ${
        g.consents.map((c) => `${c.purpose} ${c.granted ? 'granted' : 'withdrawn'}`).join(', ') || 'none given'
      }`,
  );
  list('Own consents', data.ownConsents, (c) => `${c.purpose} ${c.granted ? 'granted' : 'withdrawn'} (${c.at.slice(0, 10)})`);
  list(
    'Team place offers',
    data.offers,
    (o) => `${o.team}: ${o.state}, deadline ${o.deadline.slice(0, 10)}; sent to ${o.sentTo.map((d) => d.to).join(', ') || 'nobody'}`,
  );
  list('Claim links', data.claimLinks, (c) => `to ${c.to}, ${c.sentAt.slice(0, 10)}${c.usedAt ? `, used ${c.usedAt.slice(0, 10)}` : ''}`);
  list('Privacy requests', data.privacyRequests, (r) => `${r.createdAt.slice(0, 10)} erasure requested by ${r.requestedBy}: ${r.status}`);
  list('Audit entries', data.audit, (a) => `${a.at} ${a.by}: ${a.action} ${a.entity}${a.summary ? ` — ${a.summary}` : ''}`);
  list('Not included', data.exclusions, (x) => `${x.what}${x.count === undefined ? '' : ` (${x.count})`}: ${x.why}`);

  doc.end();
  return done;
}
