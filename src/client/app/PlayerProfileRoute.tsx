import { GoalsPanel } from '../features/goals/GoalsPanel';
import { SelfAssessmentPanel } from '../features/player-area/SelfAssessmentPanel';
import PlayerProfilePage from '../features/players/PlayerProfilePage';

/** The player profile with the panels of other features (a feature imports no other; app/ composes them). */
export default function PlayerProfileRoute() {
  return (
    <PlayerProfilePage
      panels={(p, canEdit) => (
        <>
          <GoalsPanel playerId={p.id} canEdit={canEdit} />
          <SelfAssessmentPanel playerId={p.id} />
        </>
      )}
    />
  );
}
