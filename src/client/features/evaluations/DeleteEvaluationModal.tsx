import classes from './evaluations.module.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Evaluation } from '../../../shared/schemas/evaluation';
import { ApiError } from '../../lib/api';
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
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title="Delete Evaluation" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          Are you sure you want to delete the evaluation of {evaluation.criteria} ({evaluation.scoreLabel}, {evaluation.date})?
        </Text>
        {evaluation.is_current ? (
          <Text size="sm" className={classes.muted}>
            The most recent previous evaluation of this criteria, if there is one, becomes the current one.
          </Text>
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
