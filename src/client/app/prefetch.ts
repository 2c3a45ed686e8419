import { LEADERBOARD_PAGE_SIZE } from '../../shared/constants';
import { playersBoardQuery } from '../features/leaderboard/api';
import { achievementsQuery, criterionVideosQuery, evaluationsQuery, notesQuery, playerQuery } from '../features/player-area/api';
import { meQuery } from '../lib/auth';
import { queryClient } from '../lib/queryClient';

const firstBoardPage = (teamId: number | undefined) =>
  playersBoardQuery({ publicMode: false, teamId, filter: {}, page: 1, pageSize: LEADERBOARD_PAGE_SIZE, q: '' });

/**
 * Starts the first screen's reads while its code is still loading, with the same query keys the
 * screens use: on a phone each read that waits for the one before costs a network round trip. The
 * server still decides every answer; a refused read simply fails as it would have on the screen.
 */
export function prefetchFirstScreen(path: string, search: string): void {
  void queryClient.prefetchQuery(meQuery);
  // Plain patterns, not the router's matchPath: this runs before the router's code is loaded.
  const id = Number(/^\/player\/(\d{1,10})\/dashboard\/?$/.exec(path)?.[1]);
  if (Number.isSafeInteger(id) && id > 0) {
    void queryClient.fetchQuery(playerQuery(id)).then(
      (player) => (player.teamIds[0] === undefined ? undefined : queryClient.prefetchQuery(firstBoardPage(player.teamIds[0]))),
      () => undefined,
    );
    void queryClient.prefetchQuery(evaluationsQuery(id));
    void queryClient.prefetchQuery(achievementsQuery(id));
    void queryClient.prefetchQuery(notesQuery(id));
    void queryClient.prefetchQuery(criterionVideosQuery(id));
    return;
  }
  if (/^\/app\/leaderboard\/?$/.test(path)) {
    const team = Number(new URLSearchParams(search).get('team'));
    void queryClient.prefetchQuery(firstBoardPage(Number.isInteger(team) && team > 0 ? team : undefined));
  }
}
