import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Criterion } from '../../../shared/schemas/criterion';
import { ApiError } from '../../lib/api';
import { useDeleteCriterion } from './api';

/** Says how many evaluations go with the criterion before anything is deleted (all in one transaction). */
export function DeleteCriterionModal({ criterion, onClose }: { criterion: Criterion; onClose: () => void }) {
  const remove = useDeleteCriterion(criterion.id);
  const [failure, setFailure] = useState<string | null>(null);
  const n = criterion.evaluationCount;
  return (
    <Modal opened onClose={onClose} title="Delete Criteria" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>Are you sure you want to delete {criterion.criteria}?</Text>
        {n > 0 ? (
          <Alert color="orange" variant="light">
            {n} {n === 1 ? 'evaluation' : 'evaluations'} of this criteria (including previous evaluations) will be deleted too, and players’
            scores will change.
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={async () => {
              try {
                await remove.mutateAsync(undefined);
                onClose();
              } catch (e) {
                setFailure(e instanceof ApiError ? e.message : 'Could not reach the server. Please try again.');
              }
            }}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
