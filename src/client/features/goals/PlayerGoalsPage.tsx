import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { Goal } from '../../../shared/schemas/goal';
import { QueryView } from '../../components/QueryView';
import { ApiError } from '../../lib/api';
import { goalsQuery } from './api';
import { CheckInModal } from './GoalActionModals';
import { GoalCard } from './GoalCard';

/** /player/:playerId/goals: the player's own goals, each with Check in while it is active (docs/product.md#goals). */
export default function PlayerGoalsPage() {
  const playerId = Number(useParams().playerId);
  const goals = useQuery({ ...goalsQuery(playerId), retry: false });
  const [checkIn, setCheckIn] = useState<Goal | null>(null);
  const e = goals.error;
  if (e instanceof ApiError && e.status === 404) return <Navigate to="/player/not-found" replace />;
  if (e instanceof ApiError && (e.status === 403 || e.status === 401)) return <Navigate to="/player/unauthorized" replace />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My goals
      </Title>
      <Text size="sm" c="dimmed">
        What you and your coach agreed to work on. Add a check-in when you practise.
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
    </Stack>
  );
}
