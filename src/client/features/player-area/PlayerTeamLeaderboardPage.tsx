import { useParams } from 'react-router';
import { TeamBoard } from './PlayerLeaderboardPage';

/** /player/{id}/team/{teamId}/leaderboard: the board of one team; the API refuses teams the player is not in. */
export default function PlayerTeamLeaderboardPage() {
  const { teamId } = useParams();
  return <TeamBoard teamId={Number(teamId)} />;
}
