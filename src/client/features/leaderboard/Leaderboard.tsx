import { Navigate } from 'react-router';
import { useMe } from '../../lib/auth';
import { PlayerActions, TeamActions } from './BoardActions';
import { LeaderboardTable, type LeaderboardTableProps } from './LeaderboardTable';

interface LeaderboardProps extends Omit<LeaderboardTableProps, 'publicMode' | 'onAccessError' | 'playerActions' | 'teamActions'> {
  /** Where a 404 / 403 from the API leads (staff: /app/…, player area: /player/…); otherwise shown inline. */
  errorRoutes?: { notFound: string; unauthorized: string };
}

/** The signed-in leaderboard (staff and player area): marks the viewer's row, adds the docs/product.md#permissions actions. */
export function Leaderboard({ errorRoutes, currentPlayerId, ...props }: LeaderboardProps) {
  const { data: me } = useMe();
  const staff = me && !me.isPlayer ? me : null;
  return (
    <LeaderboardTable
      {...props}
      currentPlayerId={currentPlayerId ?? me?.player ?? undefined}
      onAccessError={
        errorRoutes ? (status) => <Navigate to={status === 404 ? errorRoutes.notFound : errorRoutes.unauthorized} replace /> : undefined
      }
      playerActions={staff ? (row) => <PlayerActions row={row} me={staff} /> : undefined}
      teamActions={staff ? (row) => <TeamActions row={row} me={staff} /> : undefined}
    />
  );
}
