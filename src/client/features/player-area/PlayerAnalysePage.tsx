import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../components/Loading';
import { AnalysisBlock } from './AnalysisBlock';
import { playerQuery } from './api';
import { Panel } from './Panel';
import { PlayerHeader } from './PlayerHeader';
import { redirectFor, usePlayerId } from './useAreaGuard';

/** /player/{id}/analysis: the analysis video from the player's video_links and the PDF when present. */
export default function PlayerAnalysePage() {
  const id = usePlayerId();
  const player = useQuery(playerQuery(id));
  const redirect = redirectFor(player.error);
  if (redirect) return redirect;
  if (player.isPending) return <Loading />;
  if (player.isError) return <Text c="red">{player.error.message}</Text>;
  return (
    <Stack gap="md">
      <PlayerHeader player={player.data} subtitle="Analysis" />
      <Panel title="Analysis">
        <AnalysisBlock player={player.data} />
      </Panel>
    </Stack>
  );
}
