import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { DB } from '../../db/types.js';
import { jsonList } from '../../lib/reply.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './export.repository.js';
import { requestsOfPlayer } from './privacy.repository.js';
import { toView } from './privacy.service.js';
import { goalsForExport } from '../goals/goals.service.js';
import { selfAssessmentsForExport } from '../self-assessment/self-assessment.service.js';

/**
 * A subject access export (docs/product.md#privacy, ADR 0022): everything the club holds about one
 * player, as one JSON document; the PDF renders the same document. What is left out is listed in
 * `exclusions`, so the reader knows it exists.
 */
export const EXPORT_FORMAT = 'club-player-export/1';

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
const bool = (v: number) => v === 1;

/** Who made an audit entry, as the family may read it: the player, a guardian (by e-mail), the system, else Club staff. */
export const STAFF = 'Club staff';
function auditActor(a: { user_id: number | null; user_name: string }, ownAccounts: readonly number[]): string {
  if (a.user_id !== null) return ownAccounts.includes(a.user_id) ? 'The player' : STAFF;
  return a.user_name === 'system' || a.user_name.startsWith('Guardian ') ? a.user_name : STAFF;
}

export async function buildExport(db: Kysely<DB>, playerId: number) {
  const player = (await repo.playerRow(db, playerId))!;
  const [accounts, teams, evaluations, notes, achievements, sessions, scores, reports, links, owned, requests] = await Promise.all([
    repo.accountsOf(db, playerId),
    repo.teamsOf(db, playerId),
    repo.evaluationsOf(db, playerId),
    repo.noteCount(db, playerId),
    repo.achievementsOf(db, playerId),
    repo.sessionsOf(db, playerId),
    repo.sessionScoresOf(db, playerId),
    repo.reportsOf(db, playerId),
    repo.guardianLinksOf(db, playerId),
    repo.ownedIds(db, playerId),
    requestsOfPlayer(db, playerId),
  ]);
  const [ownConsents, offers, claimLinks, goals, selfAssessments] = await Promise.all([
    repo.ownConsentsOf(db, playerId),
    repo.offersOf(db, playerId),
    repo.claimLinksOf(db, playerId),
    goalsForExport(db, playerId, owned.user),
    selfAssessmentsForExport(db, playerId),
  ]);
  const [deliveries, consents, audit, files, offerDeliveries] = await Promise.all([
    repo.deliveriesOf(
      db,
      reports.map((r) => r.id),
    ),
    repo.consentsOf(
      db,
      links.map((l) => l.id),
    ),
    repo.auditAbout(db, owned),
    repo.filesOf(db, player.pdf_file_id === null ? [] : [player.pdf_file_id], player.profile_img ? [player.profile_img] : []),
    repo.offerDeliveriesOf(
      db,
      offers.map((o) => o.id),
    ),
  ]);
  const fileOf = (f: (typeof files)[number] | undefined) =>
    f && {
      name: f.original_name,
      mime: f.mime,
      size: Number(f.size),
      sha256: f.sha256,
      createdAt: f.created_at,
      dataBase64: Buffer.from(f.data).toString('base64'),
    };

  return {
    format: EXPORT_FORMAT,
    exportedAt: nowIso(),
    player: {
      id: player.id,
      firstName: player.first_name,
      lastName: player.last_name,
      parentEmail: player.email,
      playerEmail: player.player_email,
      birthYear: player.dob,
      birthDate: player.birth_date,
      analysisVideoLinks: jsonList(player.video_links),
      createdAt: player.created_at,
      updatedAt: player.updated_at,
    },
    files: {
      photo: fileOf(files.find((f) => f.key === player.profile_img)) ?? null,
      analysisPdf: fileOf(files.find((f) => f.id === player.pdf_file_id)) ?? null,
    },
    accounts: accounts.map((a) => ({
      email: a.email,
      firstName: a.first_name,
      lastName: a.last_name,
      role: a.role,
      status: a.status === 1 ? 'active' : 'suspended',
      createdAt: a.created_at,
    })),
    teams: teams.map((t) => ({ name: t.name, club: t.club, season: t.season })),
    evaluations: evaluations.map((e) => ({
      criterion: e.criterion,
      level: e.level,
      score: e.kind === 'yes_no' ? (Number(e.score) > 0 ? 'Yes' : 'No') : Number(e.score),
      percentage: Number(e.score_percentage),
      date: e.date,
      current: bool(e.is_current),
      by: e.evaluator_name.startsWith('Session:') ? 'Tryout panel' : 'Coach',
      // The coach's comment on an evaluation is what the family sees (docs/product.md#families).
      comment: e.notes,
      videoLinks: jsonList(e.video_links),
    })),
    achievements: achievements.map((a) => ({ title: a.title, detail: a.detail, date: a.created_at.slice(0, 10) })),
    // Development plans with their history and check-ins (docs/product.md#goals); staff unnamed as on evaluations.
    goals,
    // The player's own scores of themself per report cycle (docs/product.md#self-assessment): 1–10, or Yes = 1 / No = 0.
    selfAssessments,
    evaluationSessions: sessions.map((s) => ({
      name: s.name,
      firstDay: s.start_date,
      lastDay: s.end_date,
      state: s.state,
      number: s.bib,
      present: bool(s.present),
      walkUp: bool(s.walk_up),
      scores: scores
        .filter((x) => x.session_id === s.id)
        .map((x) => ({ criterion: x.criterion, score: Number(x.score), at: x.updated_at })),
    })),
    reports: reports.map((r) => ({
      cycle: r.cycle,
      team: r.team,
      version: r.version,
      state: r.state,
      overallComment: r.overall_comment,
      criterionComments: parseJson(r.criterion_comments),
      focus: parseJson(r.focus),
      snapshot: parseJson(r.snapshot),
      createdAt: r.created_at,
      approvedAt: r.approved_at,
      sentAt: r.sent_at,
      viewedAt: r.viewed_at,
      revokedAt: r.revoked_at,
      deliveries: deliveries
        .filter((d) => d.report_id === r.id)
        .map((d) => ({ to: d.email, recipient: d.recipient_kind, status: d.status, sentAt: d.sent_at, viewedAt: d.viewed_at })),
    })),
    guardians: links.map((l) => ({
      email: l.email,
      name: l.name,
      relationship: l.relationship,
      primary: bool(l.is_primary),
      receivesReports: bool(l.receives_reports),
      parentalResponsibility: bool(l.parental_responsibility),
      status: l.status,
      invitedAt: l.invited_at,
      since: l.created_at,
      consents: consents
        .filter((c) => c.link_id === l.id)
        .map((c) => ({ purpose: c.purpose, granted: bool(c.granted), wordingVersion: c.text_version, at: c.updated_at })),
    })),
    ownConsents: ownConsents.map((c) => ({
      purpose: c.purpose,
      granted: bool(c.granted),
      wordingVersion: c.text_version,
      at: c.updated_at,
    })),
    offers: offers.map((o) => ({
      team: o.team,
      state: o.state,
      deadline: o.deadline,
      answeredAt: o.answered_at,
      answeredBy: o.answered_by,
      createdAt: o.created_at,
      sentTo: offerDeliveries
        .filter((d) => d.offer_id === o.id)
        .map((d) => ({ to: d.email, recipient: d.recipient_kind, usedAt: d.used_at })),
    })),
    claimLinks: claimLinks.map((c) => ({ to: c.email, sentAt: c.created_at, expiresAt: c.expires_at, usedAt: c.used_at })),
    privacyRequests: requests.map(toView).map(({ playerId: _id, playerName: _name, ...r }) => r),
    // Staff stay unnamed here as on evaluations; entries on staff notes go with the notes.
    audit: audit
      .filter((a) => a.entity !== 'note')
      .map((a) => ({ at: a.created_at, by: auditActor(a, owned.user), action: a.action, entity: a.entity, summary: a.summary })),
    exclusions: exclusions(notes),
  };
}

export type PlayerExport = Awaited<ReturnType<typeof buildExport>>;

/**
 * Where each table holding the player's rows (the inventory's `rows` by player, db/personal-data.ts)
 * is in the export, or which exclusion leaves it out; a test keeps this in step with the inventory.
 */
export const EXPORT_COVERS: Record<string, keyof PlayerExport | `excluded: ${string}`> = {
  players: 'player',
  files: 'files',
  users: 'accounts',
  sessions: 'excluded: Sign-in secrets',
  password_tokens: 'excluded: Sign-in secrets',
  evaluations: 'evaluations',
  notes: 'excluded: Staff notes',
  player_achievements: 'achievements',
  goals: 'goals',
  goal_events: 'goals',
  goal_check_ins: 'goals',
  self_assessments: 'selfAssessments',
  reports: 'reports',
  report_deliveries: 'reports',
  guardian_links: 'guardians',
  guardian_consents: 'guardians',
  player_consents: 'ownConsents',
  offer_deliveries: 'offers',
  player_claim_tokens: 'claimLinks',
  privacy_requests: 'privacyRequests',
  eval_session_calibration_scores: 'excluded: Calibration scores',
};

export function exclusions(notes: number): { what: string; why: string; count?: number }[] {
  return [
    {
      what: 'Staff notes',
      why: 'Notes staff keep on a player are private to the staff and never shown to the family; so are their audit entries.',
      count: notes,
    },
    {
      what: "Other players' data",
      why: "Team mates, their scores, ranks, team averages and leaderboards are other people's data; each report's snapshot keeps only what was sent about this player.",
    },
    {
      what: 'Names of staff',
      why: 'Evaluations say Coach or Tryout panel, as the family sees them, and audit entries say Club staff; teams are listed without their coach, and session scores do not say who gave them.',
    },
    {
      what: 'Calibration scores',
      why: 'Practice scores evaluators give a few players before a tryout, to compare themselves with the panel: they measure the evaluators, count in no result, and go with an erasure.',
    },
    { what: "Guardians' other children", why: "Each guardian's links, consents and audit entries about other players are left out." },
    {
      what: 'Sign-in secrets',
      why: 'Password hashes, session and one-time link tokens are not personal data of the player and would let someone sign in.',
    },
  ];
}

/** Builds the export and records who took it (no personal data in the entry). */
export async function exportPlayer(db: Kysely<DB>, actor: Actor, playerId: number): Promise<PlayerExport> {
  const data = await buildExport(db, playerId);
  await recordAudit(db, actor, 'export', 'player', playerId, `subject access export of player ${playerId}`);
  return data;
}

export const exportFileName = (playerId: number, ext: 'json' | 'pdf') => `player-${playerId}-data.${ext}`;
