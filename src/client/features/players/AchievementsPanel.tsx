import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { PlayerAchievement } from '../../../shared/schemas/player-achievement';
import { AchievementModal } from './AchievementModal';
import { achievementsQuery, useDeleteAchievement } from './api';
import { ItemActions, ListPanel, useItemDialog } from './Panel';
import classes from './players.module.css';

export function AchievementsPanel({ playerId, canEdit }: { playerId: number; canEdit: boolean }) {
  const awards = useQuery(achievementsQuery(playerId));
  const remove = useDeleteAchievement(playerId);
  const dialog = useItemDialog<PlayerAchievement>();
  return (
    <ListPanel
      title="ACHIEVEMENTS"
      addLabel={canEdit ? 'Add achievement' : null}
      dialog={dialog}
      remove={{
        title: 'Delete Achievement',
        question: (a) => `Are you sure you want to delete the achievement ${a.achievement}?`,
        run: (a) => remove.mutateAsync(a.id),
      }}
      query={awards}
      noun="achievements"
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
            <ItemActions
              name={`achievement ${a.achievement}`}
              onEdit={() => dialog.open('edit', a)}
              onDelete={() => dialog.open('delete', a)}
            />
          ) : null}
        </Group>
      )}
    >
      <AchievementModal playerId={playerId} award={dialog.editing} opened={dialog.formOpened} onClose={dialog.close} />
    </ListPanel>
  );
}
