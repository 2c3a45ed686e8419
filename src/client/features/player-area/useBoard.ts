import type { ComponentType } from 'react';
import { useOutletContext } from 'react-router';

export interface BoardProps {
  teamId: number;
  currentPlayerId: number;
  showTitle?: boolean;
  /** Where a 404 / 403 from the board's API leads. */
  errorRoutes: { notFound: string; unauthorized: string };
}

/**
 * What PlayerLayout hands the player area's pages. The leaderboard is the leaderboard feature's, and
 * features do not import each other (eslint.config.js): the app layer, which may, passes it in.
 */
export interface PlayerAreaOutlet {
  Board: ComponentType<BoardProps>;
}

export const useBoard = () => useOutletContext<PlayerAreaOutlet>().Board;
