import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
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
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <Text c="red">{settings.error.message}</Text>
      ) : settings.data.instructions_video ? (
        <VideoEmbed link={settings.data.instructions_video} title="Instructions video" />
      ) : (
        <EmptyState />
      )}
    </Stack>
  );
}
