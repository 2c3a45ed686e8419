import { ActionIcon, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPencil, IconTrash, IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { PlayerAchievement } from '../../../shared/schemas/player-achievement';
import { ConfirmModal } from '../../components/ConfirmModal';
import { AchievementModal } from './AchievementModal';
import { achievementsQuery, useDeleteAchievement } from './api';
import { ListPanel } from './Panel';
import classes from './players.module.css';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete'; award: PlayerAchievement } | null;

export function AchievementsPanel({ playerId, canEdit }: { playerId: number; canEdit: boolean }) {
  const awards = useQuery(achievementsQuery(playerId));
  const remove = useDeleteAchievement(playerId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <ListPanel
      title="ACHIEVEMENTS"
      addLabel={canEdit ? 'Add achievement' : null}
      onAdd={() => setDialog({ kind: 'add' })}
      query={awards}
      loadingLabel="Loading achievements"
      gap="sm"
      renderItem={(a) => (
        <Group key={a.id} component="li" wrap="nowrap" align="flex-start" gap="sm">
          <ThemeIcon variant="light" color="yellow" size="lg" radius="xl" aria-hidden>
            <IconTrophy size={18} />
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{a.achievement}</Text>
            {a.detail ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {a.detail}
              </Text>
            ) : null}
            <Text size="xs" className={classes.muted}>
              {dayjs(a.dateModified).format('D MMM YYYY')}
            </Text>
          </Stack>
          {canEdit ? (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" size="lg" aria-label={`Edit achievement ${a.achievement}`} onClick={() => setDialog({ kind: 'edit', award: a })}>
                <IconPencil size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete achievement ${a.achievement}`} onClick={() => setDialog({ kind: 'delete', award: a })}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ) : null}
        </Group>
      )}
    >
      <AchievementModal playerId={playerId} award={dialog?.kind === 'edit' ? dialog.award : null} opened={dialog?.kind === 'add' || dialog?.kind === 'edit'} onClose={close} />
      <ConfirmModal
        title="Delete Achievement"
        opened={dialog?.kind === 'delete'}
        onClose={close}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove.mutateAsync(dialog.award.id);
        }}
      >
        <Text>{dialog?.kind === 'delete' ? `Are you sure you want to delete the achievement ${dialog.award.achievement}?` : ''}</Text>
      </ConfirmModal>
    </ListPanel>
  );
}
