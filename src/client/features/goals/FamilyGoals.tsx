import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryView } from '../../components/QueryView';
import { familyGoalsQuery } from './api';
import { GoalCard } from './GoalCard';

/** The family portal's goals of a child: those the coach marked visible to family, while the reports consent holds. */
export function FamilyGoals({ playerId }: { playerId: number }) {
  const goals = useQuery(familyGoalsQuery(playerId));
  return (
    <Stack gap="xs" component="section" aria-labelledby={`family-goals-${playerId}`}>
      <Title order={3} size="h4" id={`family-goals-${playerId}`}>
        Goals
      </Title>
      <QueryView query={goals} noun="goals" isEmpty={(d) => d.goals.length === 0 && d.hidden === null} emptyText="No goals shared yet.">
        {(d) =>
          d.hidden === 'noConsent' ? (
            <Text size="sm">Goals are shown here once the consent to receive reports is given.</Text>
          ) : (
            <Stack gap="sm">
              {d.goals.map((g) => (
                <GoalCard key={g.id} goal={g} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}
