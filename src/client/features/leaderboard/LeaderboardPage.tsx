import { useSearchParams } from 'react-router';
import { Leaderboard } from './Leaderboard';

const errorRoutes = { notFound: '/app/not-found', unauthorized: '/app/unauthorized' };

/** /app/leaderboard (club-wide), or /app/leaderboard?team={id} for a team's board. */
export default function LeaderboardPage() {
  const [params] = useSearchParams();
  const team = Number(params.get('team'));
  return <Leaderboard teamId={Number.isInteger(team) && team > 0 ? team : undefined} errorRoutes={errorRoutes} />;
}
