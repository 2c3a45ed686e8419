import { Alert, Text } from '@mantine/core';
import { plural } from '../../../shared/messages';
import type { Criterion } from '../../../shared/schemas/criterion';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDeleteCriterion } from './api';

/** Says how many evaluations go with the criterion before anything is deleted (all in one transaction). */
export function DeleteCriterionModal({ criterion, onClose }: { criterion: Criterion; onClose: () => void }) {
  const remove = useDeleteCriterion(criterion.id);
  const n = criterion.evaluationCount;
  return (
    <ConfirmModal opened title="Delete Criteria" onClose={onClose} onConfirm={() => remove.mutateAsync(undefined)}>
      <Text>Are you sure you want to delete {criterion.criteria}?</Text>
      {n > 0 ? (
        <Alert color="orange" variant="light">
          {n} {plural(n, 'evaluation', 'evaluations')} of this criterion (including previous evaluations) will be deleted too, and players’
          scores will change.
        </Alert>
      ) : null}
    </ConfirmModal>
  );
}
