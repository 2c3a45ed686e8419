import type { BoardTeamRow } from '../../../shared/schemas/leaderboard.js';

/**
 * A page of a cached teams board (ADR 0023): the board is computed once per score version, and a
 * page is a slice of it found from the cursor, [average score shown, team id] of the last row the
 * client has. The team's place is looked up by id (one map per cached board), so a page costs the
 * same at any depth. When the team is gone or its score moved (a new version), the page starts at
 * the first lower score: no row is shown twice, though teams tied with it may be skipped.
 */
export type TeamBoardKey = [averageScore: number, id: number];

const places = new WeakMap<readonly BoardTeamRow[], Map<number, number>>();

function placeOf(board: readonly BoardTeamRow[], id: number): number | undefined {
  let at = places.get(board);
  if (!at) places.set(board, (at = new Map(board.map((t, i) => [t.id, i]))));
  return at.get(id);
}

/** First index whose shown average is below `score` (the board is in descending order). */
function firstBelow(board: readonly BoardTeamRow[], score: number): number {
  let [lo, hi] = [0, board.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (board[mid]!.averageScore < score) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function teamBoardPage(board: readonly BoardTeamRow[], limit: number, after?: TeamBoardKey) {
  let start = 0;
  if (after) {
    const [score, id] = after;
    const at = placeOf(board, id);
    start = at !== undefined && board[at]!.averageScore === score ? at + 1 : firstBelow(board, score);
  }
  const rows = board.slice(start, start + limit);
  const last = rows.at(-1);
  const next: TeamBoardKey | null = start + limit < board.length && last ? [last.averageScore, last.id] : null;
  return { rows, next };
}
