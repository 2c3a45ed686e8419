import classes from './evaluations.module.css';
import { Text } from '@mantine/core';
import type { Evaluation } from '../../../shared/schemas/evaluation';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDeleteEvaluation } from './api';

export function DeleteEvaluationModal({
  playerId,
  evaluation,
  onClose,
}: {
  playerId: number;
  evaluation: Evaluation;
  onClose: () => void;
}) {
  const remove = useDeleteEvaluation(playerId, evaluation.id);
  return (
    <ConfirmModal opened title="Delete Evaluation" onClose={onClose} onConfirm={() => remove.mutateAsync(undefined)}>
      <Text>
        Are you sure you want to delete the evaluation of {evaluation.criteria} ({evaluation.scoreLabel}, {evaluation.date})?
      </Text>
      {evaluation.is_current ? (
        <Text size="sm" className={classes.muted}>
          The most recent previous evaluation of this criterion, if there is one, becomes the current one.
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
