import { Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPercent } from '../../../shared/scoring';
import { Loading } from '../../components/Loading';
import { evaluationsQuery, playerQuery } from './api';
import { Panel } from './Panel';
import { PlayerHeader } from './PlayerHeader';
import { ProgressTable } from './ProgressTable';
import { redirectFor, usePlayerId } from './useAreaGuard';

/** /player/{id}/progress: name, upper-case team name, 'Total Score' and every current evaluation with its date. */
export default function PlayerProgressPage() {
  const id = usePlayerId();
  const player = useQuery(playerQuery(id));
  const evaluations = useQuery(evaluationsQuery(id));
  const redirect = redirectFor(player.error, evaluations.error);
  if (redirect) return redirect;
  if (player.isPending || evaluations.isPending) return <Loading />;
  if (player.isError || evaluations.isError) return <Text c="red">{(player.error ?? evaluations.error)?.message}</Text>;

  return (
    <Stack gap="md">
      <PlayerHeader player={player.data} subtitle={player.data.teamName.toUpperCase() || undefined}>
        <Paper withBorder radius="md" px="md" py="xs">
          <Group gap="xs" align="baseline">
            <Text size="sm" c="gray.7" fw={600}>
              Total Score
            </Text>
            <Text size="xl" fw={700}>
              {formatPercent(evaluations.data.totalScore)}%
            </Text>
          </Group>
        </Paper>
      </PlayerHeader>
      <Panel title="Progress">
        <ProgressTable playerId={id} evaluations={evaluations.data.evaluations} showDate />
      </Panel>
    </Stack>
  );
}
