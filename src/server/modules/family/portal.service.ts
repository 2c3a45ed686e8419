import type { Kysely } from 'kysely';
import { CONSENT_DEFAULT_TEXTS, CONSENT_PURPOSES, type ConsentPurpose } from '../../../shared/schemas/guardian.js';
import type {
  ConsentState,
  FamilyChild,
  FamilyChildView,
  FamilyCriterionScore,
  FamilyMe,
  FamilyProgress,
} from '../../../shared/schemas/family.js';
import {
  criterionPercent,
  currentEvaluations,
  measuredLabel,
  roundPercent,
  type Attempt,
  type MeasureUnit,
} from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { jsonList } from '../../lib/reply.js';
import type { Guardian } from '../../policies/family.js';
import { recordGuardianAudit } from '../audit/audit.repository.js';
import { updateLink, promotePrimary } from '../guardians/guardians.repository.js';
import { stopGuardianDeliveries } from '../reports/delivery.service.js';
import * as consents from './consents.repository.js';
import * as repo from './portal.repository.js';
import { birthOf } from './birth-date.repository.js';
import { claimedAt } from '../handover/handover.repository.js';
import { criteriaCatalogue, evaluationHistory, type HistoryRow } from '../leaderboard/analysis.repository.js';
import { scoreTimeline } from '../leaderboard/analysis.service.js';
import { playerTryouts } from '../scores/session-analysis.js';

type Db = Kysely<DB>;
type Link = { id: number; player_id: number; parental_responsibility: number };

async function clubsByPlayer(db: Db, ids: readonly number[]) {
  const rows = await repo.clubsOf(db, ids);
  const map = new Map<number, { name: string; teams: string[] }[]>();
  for (const r of rows) {
    const clubs = map.get(r.player_id) ?? [];
    const club = clubs.find((c) => c.name === r.club);
    if (club) club.teams.push(r.team);
    else clubs.push({ name: r.club, teams: [r.team] });
    map.set(r.player_id, clubs);
  }
  return map;
}

/** "My players": the guardian's own children (invited or active links), each with its own club. */
export async function familyMe(db: Db, guardian: Guardian): Promise<FamilyMe> {
  const children = await repo.childrenOf(db, guardian.id);
  const clubs = await clubsByPlayer(
    db,
    children.map((c) => c.id),
  );
  const list: FamilyChild[] = children.map((c) => ({
    id: c.id,
    name: `${c.first_name} ${c.last_name}`,
    relationship: c.relationship as FamilyChild['relationship'],
    status: c.status,
    clubs: clubs.get(c.id) ?? [],
    // Claimed, and the player has not chosen to share with this guardian: no data, only that line.
    ownAccount: c.claimed_at !== null && c.shares_after_handover !== 1,
    firstName: c.first_name,
  }));
  return { email: guardian.email, name: guardian.name, csrfToken: guardian.csrfToken, children: list };
}

/** The wording in force per purpose: the club's newest, else the default (version 1). */
export async function consentTexts(db: Db): Promise<Record<ConsentPurpose, { text: string; version: number }>> {
  const latest = await consents.latestTexts(db);
  return Object.fromEntries(
    CONSENT_PURPOSES.map((p) => {
      const t = latest.find((x) => x.purpose === p);
      return [p, t ? { text: t.text, version: t.version } : { text: CONSENT_DEFAULT_TEXTS[p], version: 1 }];
    }),
  ) as Record<ConsentPurpose, { text: string; version: number }>;
}

async function consentStates(db: Db, link: Link): Promise<ConsentState[]> {
  const [mine, texts] = await Promise.all([consents.consentsOfLink(db, link.id), consentTexts(db)]);
  const effective = await Promise.all(CONSENT_PURPOSES.map((p) => consents.consentedPlayerIds(db, p, [link.player_id])));
  return CONSENT_PURPOSES.map((purpose, i) => {
    const own = mine.find((m) => m.purpose === purpose);
    const current = texts[purpose];
    return {
      purpose,
      mine: own ? own.granted === 1 : null,
      effective: effective[i]!.has(link.player_id),
      ...current,
      givenVersion: own ? own.text_version : null,
      earlierWording: own?.granted === 1 && own.text_version < current.version,
    };
  });
}

/** At most this many strengths, and as many things to work on. */
export const PROGRESS_PICKS = 3;

/**
 * The child's progress as the analysis pages compute it (one player's timeline, the current evaluation
 * per criterion): strengths are the highest current percentages of the criteria's maximum, things to
 * work on the lowest of the rest; with few criteria evaluated they share them, strengths first.
 * Ties keep the catalogue's order. `history` is oldest first (evaluationHistory).
 */
export function childProgress(
  history: readonly HistoryRow[],
  catalogue: readonly { id: number; name: string; level: string; weight: number }[],
  measured: ReadonlyMap<string, string> = new Map(),
): FamilyProgress {
  const current = new Map(currentEvaluations(history).map((e) => [e.criterionId, e.scorePercentage]));
  const scored = catalogue.flatMap((c): FamilyCriterionScore[] => {
    const percent = current.has(c.id) ? criterionPercent(current.get(c.id)!, c.weight) : null;
    if (percent === null) return [];
    const own = measured.get(c.name);
    return [{ criterion: c.name, level: c.level, percent: roundPercent(percent), ...(own ? { measured: own } : {}) }];
  });
  const best = [...scored].sort((a, b) => b.percent - a.percent);
  const strengths = best.slice(0, Math.min(PROGRESS_PICKS, Math.ceil(best.length / 2)));
  const workOn = scored
    .filter((c) => !strengths.includes(c))
    .sort((a, b) => a.percent - b.percent)
    .slice(0, PROGRESS_PICKS);
  return { timeline: scoreTimeline(history, 1), strengths, workOn };
}

type EvaluationRow = Awaited<ReturnType<typeof repo.evaluationsOf>>[number];

/** An evaluation's score in words: '7 / 10', Yes/No, or a measured test's own value with its points and basis. */
function scoreWords(e: EvaluationRow): string {
  if (e.measured_value !== null && e.unit !== null) {
    const attempts = e.measured_attempts ? (JSON.parse(e.measured_attempts) as Attempt[]) : [];
    const def = { unit: e.unit as MeasureUnit, decimals: Number(e.decimals) };
    return measuredLabel(def, Number(e.measured_value), Number(e.score), e.points_basis ?? '', attempts);
  }
  return e.kind === 'yes_no' ? (Number(e.score) > 0 ? 'Yes' : 'No') : `${Number(e.score)} / 10`;
}

/** One child as the family sees it: published data only; evaluators are 'Coach' or 'Tryout panel'. */
export async function childView(db: Db, link: Link): Promise<FamilyChildView> {
  const id = link.player_id;
  const [player, clubs, total, evaluations, achievements, resources, states, claimed, history, catalogue, tryouts, birth] =
    await Promise.all([
      repo.playerName(db, id),
      clubsByPlayer(db, [id]),
      repo.totalOf(db, id),
      repo.evaluationsOf(db, id),
      repo.achievementsOf(db, id),
      repo.playerResources(db),
      consentStates(db, link),
      claimedAt(db, id),
      evaluationHistory(db, { playerId: id }),
      criteriaCatalogue(db),
      playerTryouts(db, id),
      birthOf(db, id),
    ]);
  return {
    id,
    name: `${player.first_name} ${player.last_name}`,
    firstName: player.first_name,
    clubs: clubs.get(id) ?? [],
    totalScore: Math.round(total * 100) / 100,
    progress: childProgress(
      history,
      catalogue,
      new Map(evaluations.filter((e) => e.is_current === 1 && e.measured_value !== null).map((e) => [e.criterion, scoreWords(e)])),
    ),
    evaluations: evaluations.map((e) => ({
      criterion: e.criterion,
      level: e.level,
      score: scoreWords(e),
      date: e.date,
      comment: e.notes,
      by: e.evaluator_name.startsWith('Session:') ? 'Tryout panel' : 'Coach',
      current: e.is_current === 1,
    })),
    tryouts,
    achievements: achievements.map((a) => ({ title: a.title, detail: a.detail, date: a.created_at.slice(0, 10) })),
    resources: resources.map((r) => ({
      title: r.title,
      category: r.category,
      links: [...jsonList(r.video_links), ...jsonList(r.document_links)],
    })),
    // After the claim the player's own choices count (ADR 0019).
    mayConsent: link.parental_responsibility === 1 && claimed === null,
    birthYear: birth.dob,
    birthDate: birth.birth_date,
    mayEditBirthDate: link.parental_responsibility === 1,
    consents: states,
  };
}

/** "This isn't my child": the link is declined (kept as history) and the child leaves the guardian's page. */
export async function declineChild(db: Db, guardian: Guardian, link: Link): Promise<FamilyMe> {
  await db.transaction().execute(async (trx) => {
    await updateLink(trx, link.id, { status: 'declined', is_primary: 0 });
    await promotePrimary(trx, link.player_id);
    await recordGuardianAudit(
      trx,
      guardian.email,
      'decline',
      'guardian_link',
      link.id,
      `declined player ${link.player_id}: "this isn't my child"`,
    );
  });
  return familyMe(db, guardian);
}

/** Grants or withdraws one purpose; audited with the wording's version. Takes effect at once. */
export async function changeConsent(
  db: Db,
  guardian: Guardian,
  link: Link,
  purpose: ConsentPurpose,
  granted: boolean,
): Promise<FamilyChildView> {
  const texts = await consentTexts(db);
  const before = (await consents.consentsOfLink(db, link.id)).find((c) => c.purpose === purpose);
  // A grant again under a newer wording is a confirmation: the trail says so.
  const verb = !granted ? 'withdrew' : before?.granted === 1 && before.text_version < texts[purpose].version ? 'confirmed' : 'granted';
  await db.transaction().execute(async (trx) => {
    await consents.setConsent(trx, link.id, purpose, granted, texts[purpose].version, nowIso());
    await recordGuardianAudit(
      trx,
      guardian.email,
      'consent',
      'guardian_link',
      link.id,
      `${verb} ${purpose} (wording v${texts[purpose].version}) for player ${link.player_id}`,
    );
    // One withdrawal is enough for the consent to stop counting (the stricter choice wins).
    if (purpose === 'reports' && !granted) await stopGuardianDeliveries(trx, link.player_id);
  });
  return childView(db, link);
}
