import FamilyPage from '../features/family/FamilyPage';
import { FamilySelfAssessment } from '../features/family/FamilySelfAssessment';
import { FamilyGoals } from '../features/goals/FamilyGoals';

/** The family portal with what other features show of a child (a feature imports no other; app/ composes them). */
export default function FamilyRoute() {
  return (
    <FamilyPage
      childExtra={(id) => (
        <>
          <FamilyGoals playerId={id} />
          <FamilySelfAssessment playerId={id} />
        </>
      )}
    />
  );
}
