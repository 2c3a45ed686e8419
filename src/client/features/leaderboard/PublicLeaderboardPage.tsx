import { LeaderboardTable } from './LeaderboardTable';

/** /leaderboard: no sign-in, read-only, names as the club chose. */
export default function PublicLeaderboardPage() {
  return <LeaderboardTable publicMode />;
}
