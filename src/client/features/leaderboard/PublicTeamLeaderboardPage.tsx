import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/ErrorPages';
import { LeaderboardTable } from './LeaderboardTable';

/** /leaderboard/team/{teamId}: one team's public board (opened from "View Team Leaderboard"). */
export default function PublicTeamLeaderboardPage() {
  const teamId = Number(useParams().teamId);
  if (!Number.isInteger(teamId) || teamId <= 0) return <NotFoundPage home="/leaderboard" />;
  return <LeaderboardTable teamId={teamId} publicMode />;
}
