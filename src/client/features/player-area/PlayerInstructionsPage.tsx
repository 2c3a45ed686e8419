import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryView } from '../../components/QueryView';
import { VideoEmbed } from '../../components/VideoEmbed';
import { settingsQuery } from './api';

/** /player/{id}/instructions: title 'Instructions' and the club's instructions video (global settings). */
export default function PlayerInstructionsPage() {
  const settings = useQuery(settingsQuery);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Instructions
      </Title>
      <QueryView query={settings} isEmpty={(data) => !data.instructions_video}>
        {(data) => <VideoEmbed link={data.instructions_video!} title="Instructions video" />}
      </QueryView>
    </Stack>
  );
}
