import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionDetail, SessionEvaluator } from '../../../shared/schemas/eval-session';
import { ConfirmModal } from '../../components/ConfirmModal';
import { EmptyState } from '../../components/EmptyState';
import { AddOnePicker } from './AddOnePicker';
import { evaluatorOptionsQuery, useAddEvaluator, useRemoveEvaluator } from './api';

/** Staff evaluators assigned by the director, and guests who joined with the code; how far each has got. */
export function EvaluatorsPanel({ detail }: { detail: SessionDetail }) {
  const s = detail.session;
  const editable = s.state !== 'published';
  const options = useQuery({ ...evaluatorOptionsQuery, enabled: editable });
  const add = useAddEvaluator(s.id);
  const remove = useRemoveEvaluator(s.id);
  const [removing, setRemoving] = useState<SessionEvaluator | null>(null);
  const assigned = new Set(detail.evaluators.map((e) => e.userId));

  return (
    <Stack gap="sm">
      {editable ? (
        <AddOnePicker
          label="Add a staff evaluator"
          placeholder="Choose a user"
          data={(options.data ?? []).filter((u) => !assigned.has(u.id)).map((u) => ({ value: String(u.id), label: u.name }))}
          nothingFoundMessage="No other users whose role may score in sessions"
          width={280}
          pending={add.isPending}
          onAdd={(id) => add.mutateAsync(id)}
          button="Add evaluator"
        />
      ) : null}
      <Text size="sm" c="dimmed">
        Guests join from the tryout page with the session code while the session is open. Each evaluator sees only their own scores.
      </Text>
      {detail.evaluators.length === 0 ? (
        <EmptyState text="No evaluators yet." />
      ) : (
        detail.evaluators.map((e) => (
          <Card key={e.id} withBorder padding="xs">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" miw={0}>
                <Text fw={500} truncate="end">
                  {e.name}
                </Text>
                {e.guest ? (
                  <Badge size="sm" variant="light" color="grape">
                    Guest
                  </Badge>
                ) : null}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">
                  {e.playersDone} of {detail.players.length} players done
                </Text>
                {editable ? (
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${e.name}`} onClick={() => setRemoving(e)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                ) : null}
              </Group>
            </Group>
          </Card>
        ))
      )}
      <ConfirmModal opened={!!removing} title="Remove evaluator" onClose={() => setRemoving(null)} onConfirm={() => remove.mutateAsync(removing!.id)} confirmLabel="Remove">
        Remove {removing?.name} from this session? Their scores in it are deleted too.
      </ConfirmModal>
    </Stack>
  );
}
