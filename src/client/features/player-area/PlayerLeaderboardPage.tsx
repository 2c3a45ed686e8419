import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { playerQuery } from './api';
import { PlayerHeader } from './PlayerHeader';
import { redirectFor, usePlayerId } from './useAreaGuard';
import { useBoard } from './useBoard';

const errorRoutes = { notFound: '/player/not-found', unauthorized: '/player/unauthorized' };

/**
 * /player/{id}/leaderboard (and /player/{id}/team/{teamId}/leaderboard): the board of one of the
 * player's teams; a spinner until the team is known. A player in several teams can switch.
 */
export function TeamBoard({ teamId }: { teamId?: number }) {
  const id = usePlayerId();
  const Board = useBoard();
  const player = useQuery(playerQuery(id));
  const redirect = redirectFor(player.error);
  if (redirect) return redirect;
  if (player.isPending) return <Loading label="Loading team" />;
  if (player.isError) return <Text c="red">{player.error.message}</Text>;
  const p = player.data;
  const current = teamId ?? p.teamIds[0];
  const team = p.teams.find((t) => t.id === current);

  return (
    <Stack gap="md">
      <PlayerHeader player={p} subtitle={team?.name.toUpperCase()} />
      {p.teams.length > 1 ? (
        <Group gap="xs" role="group" aria-label="Teams">
          {p.teams.map((t) => (
            <Button
              key={t.id}
              component={Link}
              to={`/player/${id}/team/${t.id}/leaderboard`}
              size="xs"
              variant={t.id === current ? 'filled' : 'light'}
            >
              {t.name}
            </Button>
          ))}
        </Group>
      ) : null}
      {current === undefined ? <EmptyState /> : <Board key={current} teamId={current} currentPlayerId={id} errorRoutes={errorRoutes} />}
    </Stack>
  );
}

export default function PlayerLeaderboardPage() {
  return <TeamBoard />;
}
