/** The public boards a visitor can choose (docs/product.md#public-leaderboard), for the bench flood and the load. */
import { PUBLIC_PERIODS } from '../../src/shared/public-board.js';

export const PUBLIC_PERIOD_KEYS = Object.keys(PUBLIC_PERIODS);

/** Every board of the public page: views × periods × levels (and none) × clubs (and none) for the teams view. */
export function publicBoardUrls(levelIds: readonly number[], clubIds: readonly number[]): string[] {
  const levels = ['', ...levelIds.map((id) => `&level=${id}`)];
  const clubs = ['', ...clubIds.map((id) => `&category=${id}`)];
  return PUBLIC_PERIOD_KEYS.flatMap((period) =>
    levels.flatMap((level) => [
      `/api/public/leaderboard?view=players&period=${period}${level}`,
      ...clubs.map((club) => `/api/public/leaderboard?view=teams&period=${period}${level}${club}`),
    ]),
  );
}
