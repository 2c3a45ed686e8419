import { ActionIcon, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionDetail, SessionEvaluator } from '../../../shared/schemas/eval-session';
import { ConfirmModal } from '../../components/ConfirmModal';
import { EmptyState } from '../../components/EmptyState';
import { AddOnePicker } from './AddOnePicker';
import { evaluatorOptionsQuery, useAddEvaluator, useAdmitGuest, useExcludeEvaluator, useRemoveEvaluator } from './api';

/**
 * Staff evaluators assigned by the director, and guests who joined with the code; how far each has got
 * (the session page reads it again while the session is open, see `sessionQuery`).
 * Guests wait until the director lets them in (or removes them); any evaluator's scores can be left
 * out of the results before publishing.
 */
export function EvaluatorsPanel({ detail }: { detail: SessionDetail }) {
  const s = detail.session;
  const editable = s.state !== 'published';
  const options = useQuery({ ...evaluatorOptionsQuery, enabled: editable });
  const add = useAddEvaluator(s.id);
  const remove = useRemoveEvaluator(s.id);
  const admit = useAdmitGuest(s.id);
  const exclude = useExcludeEvaluator(s.id);
  const [removing, setRemoving] = useState<SessionEvaluator | null>(null);
  const [excluding, setExcluding] = useState<SessionEvaluator | null>(null);
  const waiting = detail.evaluators.filter((e) => !e.admitted).length;
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
        Guests join from the tryout page with the session code while the session is open, and score once you let them in. Each evaluator
        sees only their own scores.
      </Text>
      {waiting ? (
        <Text size="sm" fw={600} role="status">
          {waiting === 1 ? '1 guest is' : `${waiting} guests are`} waiting to be let in.
        </Text>
      ) : null}
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
                {!e.admitted ? (
                  <Badge size="sm" variant="light" color="yellow">
                    Waiting
                  </Badge>
                ) : null}
                {e.excluded ? (
                  <Badge size="sm" variant="light" color="red">
                    Excluded
                  </Badge>
                ) : null}
              </Group>
              <Group gap="xs" wrap="wrap" justify="flex-end">
                {e.admitted ? (
                  <Text size="sm">
                    {e.playersDone} of {detail.players.length} players done
                  </Text>
                ) : null}
                {editable && !e.admitted ? (
                  <Button
                    size="compact-sm"
                    aria-label={`Let in ${e.name}`}
                    loading={admit.isPending && admit.variables === e.id}
                    onClick={() => admit.mutate(e.id)}
                  >
                    Let in
                  </Button>
                ) : null}
                {editable && e.admitted ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={e.excluded ? `Count ${e.name}'s scores again` : `Exclude ${e.name}'s scores`}
                    onClick={() => (e.excluded ? exclude.mutate({ evaluatorId: e.id, excluded: false }) : setExcluding(e))}
                  >
                    {e.excluded ? 'Count again' : 'Exclude'}
                  </Button>
                ) : null}
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
      <ConfirmModal
        opened={!!removing}
        title="Remove evaluator"
        onClose={() => setRemoving(null)}
        onConfirm={() => remove.mutateAsync(removing!.id)}
        confirmLabel="Remove"
      >
        Remove {removing?.name} from this session? Their scores in it are deleted too.
      </ConfirmModal>
      <ConfirmModal
        opened={!!excluding}
        title="Exclude scores"
        onClose={() => setExcluding(null)}
        onConfirm={() => exclude.mutateAsync({ evaluatorId: excluding!.id, excluded: true })}
        confirmLabel="Exclude"
      >
        Leave {excluding?.name}&apos;s scores out of the results and out of publishing? They stay on record, and the audit log notes who
        excluded them.
      </ConfirmModal>
    </Stack>
  );
}
