import type { Kysely } from 'kysely';
import {
  REPORT_LINK_DAYS,
  INVALID_REPORT_LINK,
  REVOKED_REPORT_LINK,
  type DeliveryCycle,
  type DeliveryPreview,
  type DeliverySendResult,
  type ReportRead,
  type ReportSummary,
  type StaffReportRow,
} from '../../../shared/schemas/report-delivery.js';
import { reportSnapshotSchema } from '../../../shared/schemas/report-snapshot.js';
import type { DB } from '../../db/types.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { addMinutes, nowIso, nowMs } from '../../lib/time.js';
import { newMessageId, type Mailer } from '../../mail/mailer.js';
import type { FoundReport } from '../../policies/report-reading.js';
import { reportMessages } from '../../policies/report-reading.js';
import { guardianStanding, playerStanding } from '../../policies/standing.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import * as repo from './delivery.repository.js';
import { recipientsOf, type Recipient } from './recipients.js';

type Db = Kysely<DB>;
type Team = { id: number; name: string };

export async function cycles(db: Db, teamId: number): Promise<DeliveryCycle[]> {
  const rows = await repo.cyclesOfTeam(db, teamId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    closes_on: r.closes_on,
    approved: Number(r.approved ?? 0),
    sent: Number(r.sent ?? 0),
  }));
}

interface Plan {
  preview: DeliveryPreview;
  sends: { report_id: number; player_id: number; first_name: string; to: Recipient[] }[];
}

/**
 * What a send would do for the team × cycle: every player of the team (and anyone whose report was
 * written for it) is either in the plan or listed as undeliverable with why — never left out.
 */
async function plan(db: Db, team: Team, cycleId: number): Promise<Plan> {
  const cycle = await repo.cycleOfTeam(db, cycleId, team.id);
  if (!cycle) throw notFound('This report cycle does not exist or does not cover the team.');
  const [players, reports] = await Promise.all([repo.playersOfTeamCycle(db, team.id, cycleId), repo.liveReports(db, team.id, cycleId)]);
  const live = new Map<number, (typeof reports)[number]>();
  for (const r of reports) if (!live.has(r.player_id)) live.set(r.player_id, r);
  const approved = players.filter((p) => live.get(p.id)?.state === 'approved' && live.get(p.id)?.snapshot);
  const recipients = await recipientsOf(
    db,
    approved.map((p) => p.id),
  );
  const preview: DeliveryPreview = { team, cycle, reports: 0, recipients: 0, items: [], undeliverable: [], already_sent: 0 };
  const sends: Plan['sends'] = [];
  for (const p of players) {
    const name = `${p.first_name} ${p.last_name}`;
    const report = live.get(p.id);
    if (report && (report.state === 'sent' || report.state === 'viewed')) {
      preview.already_sent++;
      continue;
    }
    const r = recipients.get(p.id);
    if (!report || !r) {
      preview.undeliverable.push({ player_id: p.id, name, report_id: report?.id ?? null, reason: 'not_approved' });
      continue;
    }
    if (r.reason) {
      preview.undeliverable.push({ player_id: p.id, name, report_id: report.id, reason: r.reason });
      continue;
    }
    preview.items.push({ report_id: report.id, player_id: p.id, name, to: r.to.map(({ kind, email }) => ({ kind, email })) });
    sends.push({ report_id: report.id, player_id: p.id, first_name: p.first_name, to: r.to });
    preview.reports++;
    preview.recipients += r.to.length;
  }
  return { preview, sends };
}

export async function preview(db: Db, team: Team, cycleId: number): Promise<DeliveryPreview> {
  return (await plan(db, team, cycleId)).preview;
}

export function reportLinkMail(publicUrl: string, firstName: string, cycle: string, token: string) {
  const link = `${publicUrl.replace(/\/+$/, '')}/report/open?token=${encodeURIComponent(token)}`;
  return {
    subject: `Evaluation report: ${firstName}, ${cycle}`,
    text: [
      'Hello,',
      '',
      `The club has written ${firstName}'s evaluation report for ${cycle}.`,
      `Open it with this link. It signs you in once and is valid for ${REPORT_LINK_DAYS} days; after that, sign in as usual to read it again:`,
      '',
      link,
      '',
      'If you did not expect this e-mail, ignore it.',
    ].join('\n'),
  };
}

/**
 * Sends the team × cycle's approved reports: per report, one delivery per recipient with its own
 * one-time link (only its sha-256 is kept) and the report approved → sent, in one transaction; then
 * the mails, each with the outbox's `sensitive` flag. An SMTP failure stays on the delivery (the
 * player's profile shows it); a delivery cancelled meanwhile (consent withdrawn, report revoked) is
 * not mailed.
 */
export async function send(
  db: Db,
  mailer: Mailer,
  mail: { publicUrl: string; from: string },
  team: Team,
  cycleId: number,
): Promise<DeliverySendResult> {
  const { preview: p, sends } = await plan(db, team, cycleId);
  const now = nowIso();
  const expires = addMinutes(now, REPORT_LINK_DAYS * 24 * 60);
  const mails: { delivery: number; to: string; token: string; firstName: string; messageId: string }[] = [];
  await db.transaction().execute(async (trx) => {
    for (const s of sends) {
      if (!(await repo.markSent(trx, s.report_id, now))) continue;
      for (const r of s.to) {
        const token = randomToken();
        // Kept before the mail leaves, so that even an immediate bounce finds its delivery.
        const messageId = newMessageId(mail.from);
        const delivery = await repo.insertDelivery(trx, {
          report_id: s.report_id,
          recipient_kind: r.kind,
          guardian_id: r.guardian_id,
          user_id: r.user_id,
          email: r.email,
          token_hash: sha256(token),
          expires_at: expires,
          created_at: now,
          message_id: messageId,
        });
        mails.push({ delivery, to: r.email, token, firstName: s.first_name, messageId });
      }
    }
  });
  let sent = 0;
  let failed = 0;
  for (const m of mails) {
    if ((await repo.deliveryStatus(db, m.delivery)) !== 'queued') continue;
    const outcome = await mailer.send({
      to: m.to,
      ...reportLinkMail(mail.publicUrl, m.firstName, p.cycle.name, m.token),
      sensitive: true,
      messageId: m.messageId,
    });
    if (outcome && outcome.status === 'failed') {
      failed++;
      await repo.setOutcome(db, m.delivery, { status: 'failed', error: outcome.error, sent_at: null });
    } else {
      sent++;
      await repo.setOutcome(db, m.delivery, { status: 'sent', error: null, sent_at: nowIso() });
    }
  }
  return { ...p, sent, failed };
}

/** A withdrawn `reports` consent (or an ended link) stops the guardians' deliveries of the player's reports. */
export async function stopGuardianDeliveries(db: Db, playerId: number): Promise<void> {
  await repo.cancelGuardianDeliveries(db, playerId);
}

const summary = (r: Omit<FoundReport, 'snapshot'>): ReportSummary => ({
  id: r.id,
  cycle: r.cycle,
  team: r.team,
  version: r.version,
  state: r.state,
  sent_at: r.sent_at,
  viewed_at: r.viewed_at,
});

/** The player's sent reports; for staff (teams given) only those of the teams they reach. */
export async function sentReports(db: Db, playerId: number, teamIds: readonly number[] | null): Promise<ReportSummary[]> {
  const rows = await repo.sentReportsOf(db, playerId);
  return rows.filter((r) => !teamIds || teamIds.includes(r.team_id)).map(summary);
}

export async function staffReports(db: Db, playerId: number, teamIds: readonly number[] | null): Promise<StaffReportRow[]> {
  const reports = await repo.staffReportsOf(db, playerId, teamIds);
  const deliveries = await repo.deliveriesOf(
    db,
    reports.map((r) => r.id),
  );
  return reports.map((r) => ({
    ...summary(r),
    deliveries: deliveries.filter((d) => d.report_id === r.id).map(({ report_id: _, ...d }) => d),
  }));
}

/** The report's snapshot to read; the reader's first opening marks it viewed (staff reading marks nothing). */
export async function open(db: Db, report: FoundReport, reader: { guardian_id: number } | { user_id: number } | null): Promise<ReportRead> {
  const snapshot = reportSnapshotSchema.safeParse(JSON.parse(report.snapshot ?? 'null'));
  if (!snapshot.success) throw notFound(reportMessages.notFound);
  if (reader) await repo.markViewed(db, report.id, reader, nowIso());
  const fresh = reader ? (await repo.findReport(db, report.id))! : report;
  return { ...summary(fresh), snapshot: snapshot.data };
}

export function snapshotOf(report: FoundReport) {
  const snapshot = reportSnapshotSchema.safeParse(JSON.parse(report.snapshot ?? 'null'));
  if (!snapshot.success) throw notFound(reportMessages.notFound);
  return snapshot.data;
}

export type LinkUse =
  | { kind: 'guardian'; guardian_id: number; player_id: number; report_id: number }
  | { kind: 'player'; user_id: number; player_id: number; report_id: number };

/**
 * Uses a report's one-time link: unknown, used or expired is 400; a revoked (or superseded, or
 * cancelled) report's link is 410. Its holder must still have standing for reports now
 * (policies/standing.ts); one who lost it gets the expired link's answer. The hash is cleared, so
 * the link works once.
 */
export async function useLink(db: Db, token: string): Promise<LinkUse> {
  const hash = sha256(token);
  const found = await repo.findByToken(db, hash);
  if (!found || !found.expires_at || Date.parse(found.expires_at) < nowMs()) throw badRequest(INVALID_REPORT_LINK, 'token');
  if (found.status === 'cancelled' || !['sent', 'viewed'].includes(found.state)) throw new HttpError(410, REVOKED_REPORT_LINK);
  const base = { player_id: found.player_id, report_id: found.report_id };
  let use: LinkUse | null = null;
  if (
    found.recipient_kind === 'guardian' &&
    found.guardian_id !== null &&
    (await guardianStanding(db, found.guardian_id, found.player_id, 'report')).decision === 'allow'
  ) {
    use = { kind: 'guardian', guardian_id: found.guardian_id, ...base };
  }
  if (
    found.recipient_kind === 'player' &&
    found.user_id !== null &&
    (await playerStanding(db, found.user_id, found.player_id, 'report')) === 'allow'
  ) {
    use = { kind: 'player', user_id: found.user_id, ...base };
  }
  if (!use || !(await repo.claimToken(db, found.id, hash))) throw badRequest(INVALID_REPORT_LINK, 'token');
  return use;
}
