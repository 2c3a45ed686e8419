import type { Kysely } from 'kysely';
import { ageAdjusted, ageInDays, birthQuarter, quarterTest } from '../../../shared/relative-age.js';
import type { RelativeAge } from '../../../shared/schemas/relative-age.js';
import type { DB } from '../../db/types.js';
import { todayDate } from '../../lib/time.js';
import type { DraftRow } from '../drafts/drafts.repository.js';
import { board } from '../drafts/drafts.service.js';
import type { SessionRow } from '../eval-sessions/eval-sessions.repository.js';
import { results } from '../eval-sessions/eval-sessions.service.js';
import * as repo from './relative-age.repository.js';

interface Candidate {
  player_id: number;
  name: string;
  /** null: not scored, so in the quarters but not in the age-adjusted ranking. */
  score: number | null;
  selected: boolean;
}

/**
 * The relative-age view of a list of candidates (docs/product.md#relative-age): only those with a
 * birth date count; the age-adjusted line is fitted within each birth year, on age in days at `on`
 * (any day gives the same residuals: it only shifts every age alike).
 */
async function analyse(
  db: Kysely<DB>,
  all: readonly Candidate[],
  selection: { text: string; top: number | null },
  on: string,
): Promise<RelativeAge> {
  const dates = await repo.birthDates(
    db,
    all.map((c) => c.player_id),
  );
  const dated = all.filter((c) => dates.has(c.player_id)).map((c) => ({ ...c, birth_date: dates.get(c.player_id)! }));
  const test = quarterTest(
    dated.map((c) => birthQuarter(c.birth_date)),
    dated.filter((c) => c.selected).map((c) => birthQuarter(c.birth_date)),
  );
  const scored = dated.filter((c) => c.score !== null);
  const adjusted = ageAdjusted(
    scored.map((c) => ({ key: c, group: Number(c.birth_date.slice(0, 4)), score: c.score!, ageDays: ageInDays(c.birth_date, on) })),
  )
    .map((a) => ({
      player_id: a.key.player_id,
      name: a.key.name,
      birth_date: a.key.birth_date,
      selected: a.key.selected,
      score: a.score,
      predicted: a.predicted,
      residual: a.residual,
      rank: a.rank,
      adjusted_rank: a.adjustedRank,
    }))
    .sort((x, y) => (x.adjusted_rank ?? Infinity) - (y.adjusted_rank ?? Infinity) || x.rank - y.rank || x.name.localeCompare(y.name));
  return {
    selection: selection.text,
    top: selection.top,
    candidates: test.candidates,
    selected: test.selected,
    missing: all.length - dated.length,
    quarters: test.quarters,
    chi_square: test.chiSquare,
    df: test.df,
    p: test.p,
    ratio: test.ratio,
    small_sample: test.smallSample,
    sentence: test.sentence,
    verdict: test.verdict,
    adjusted,
  };
}

/**
 * A session: the candidates are the players with a total; the selected are the top `top` by rank
 * (ties at the cut all count), the number the director types, since a session itself picks no one.
 * Until they type one, half of the scored players (at least one).
 */
export async function forSession(db: Kysely<DB>, session: SessionRow, asked: number | undefined): Promise<RelativeAge> {
  const { rows } = await results(db, session);
  const scored = rows.filter((r) => r.total !== null && r.rank !== null);
  const top = asked ?? Math.max(1, Math.floor(scored.length / 2));
  const candidates = scored.map((r) => ({
    player_id: r.playerId,
    name: `${r.firstName} ${r.lastName}`,
    score: r.total,
    selected: r.rank! <= top,
  }));
  return analyse(db, candidates, { text: `the top ${top} of the results`, top }, session.startDate);
}

/** A draft: every candidate on the board; the selected are those placed on a team. */
export async function forDraft(db: Kysely<DB>, draft: DraftRow): Promise<RelativeAge> {
  const b = await board(db, draft);
  const candidates = b.candidates.map((c) => ({ player_id: c.player_id, name: c.name, score: c.total, selected: c.team_id !== null }));
  return analyse(db, candidates, { text: 'placed on a team', top: null }, todayDate());
}
