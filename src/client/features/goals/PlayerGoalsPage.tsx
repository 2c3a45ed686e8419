import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { Goal } from '../../../shared/schemas/goal';
import { QueryView } from '../../components/QueryView';
import { ApiError } from '../../lib/api';
import { goalsQuery, proposalCriteriaQuery } from './api';
import { GoalFormModal } from './GoalFormModal';
import { CheckInModal } from './GoalActionModals';
import { GoalCard } from './GoalCard';

/**
 * /player/:playerId/goals: the player's own goals, each with Check in while it is active, and Propose a
 * goal, which waits for the coach (docs/product.md#goals).
 */
export default function PlayerGoalsPage() {
  const playerId = Number(useParams().playerId);
  const goals = useQuery({ ...goalsQuery(playerId), retry: false });
  const [checkIn, setCheckIn] = useState<Goal | null>(null);
  const [proposing, setProposing] = useState(false);
  const criteria = useQuery({ ...proposalCriteriaQuery(playerId), enabled: proposing });
  const e = goals.error;
  if (e instanceof ApiError && e.status === 404) return <Navigate to="/player/not-found" replace />;
  if (e instanceof ApiError && (e.status === 403 || e.status === 401)) return <Navigate to="/player/unauthorized" replace />;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          My goals
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setProposing(true)}>
          Propose a goal
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        What you and your coach agreed to work on. Add a check-in when you practise, or propose a goal of your own: your coach accepts or
        declines it.
      </Text>
      <QueryView query={goals} noun="goals" isEmpty={(list) => list.length === 0} emptyText="No goals yet.">
        {(list) => (
          <Stack gap="sm">
            {list.map((g) => (
              <GoalCard
                key={g.id}
                goal={g}
                actions={
                  g.state === 'active' ? (
                    <Button size="sm" variant="default" onClick={() => setCheckIn(g)} aria-label={`Check in on ${g.title}`}>
                      Check in
                    </Button>
                  ) : null
                }
              />
            ))}
          </Stack>
        )}
      </QueryView>
      <CheckInModal playerId={playerId} goal={checkIn} onClose={() => setCheckIn(null)} />
      <GoalFormModal
        playerId={playerId}
        options={criteria.data ?? []}
        suggestion={null}
        opened={proposing}
        onClose={() => setProposing(false)}
        propose
      />
    </Stack>
  );
}
