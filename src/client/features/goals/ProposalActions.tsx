import { Button } from '@mantine/core';
import { useState } from 'react';
import type { GoalSummary } from '../../../shared/schemas/goal';
import { failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useAcceptGoal } from './api';
import { DeclineGoalModal } from './GoalActionModals';
import { GoalEditModal } from './GoalEditModal';

/** A coach's answer to a player's proposal (docs/product.md#goals): accept as it is, edit then accept, or decline with a reason. */
export function ProposalActions({ goal }: { goal: GoalSummary }) {
  const accept = useAcceptGoal(goal.playerId);
  const [editing, setEditing] = useState(false);
  const [declining, setDeclining] = useState(false);
  return (
    <>
      <Button
        size="sm"
        onClick={() => accept.mutate({ goalId: goal.id, body: {} }, { onError: (e) => notifyError(failureMessage(e)) })}
        loading={accept.isPending}
        aria-label={`Accept ${goal.title}`}
      >
        Accept
      </Button>
      <Button size="sm" variant="default" onClick={() => setEditing(true)} aria-label={`Edit and accept ${goal.title}`}>
        Edit
      </Button>
      <Button size="sm" variant="default" onClick={() => setDeclining(true)} aria-label={`Decline ${goal.title}`}>
        Decline
      </Button>
      <GoalEditModal playerId={goal.playerId} goal={editing ? goal : null} onClose={() => setEditing(false)} accept />
      <DeclineGoalModal playerId={goal.playerId} goal={declining ? goal : null} onClose={() => setDeclining(false)} />
    </>
  );
}
