import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErasureRequestSection } from '../../components/ErasureRequestSection';
import { QueryView } from '../../components/QueryView';
import { notifySuccess } from '../../lib/notify';
import { Panel } from './Panel';
import { exportUrl, playerPrivacyQuery, requestErasure } from './privacy-api';

/** PRIVACY (user managers): the subject access export and erasure requests made on the player's behalf. */
export function PrivacyPanel({ playerId, name }: { playerId: number; name: string }) {
  const privacy = useQuery(playerPrivacyQuery(playerId));
  const client = useQueryClient();
  return (
    <Panel title="PRIVACY">
      <Stack gap="sm">
        <div>
          <Text size="sm" mb={4}>
            Everything the club holds about {name}:
          </Text>
          <Group gap="xs">
            <Button
              component="a"
              href={exportUrl(playerId, 'json')}
              download
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
            >
              Download data (JSON)
            </Button>
            <Button
              component="a"
              href={exportUrl(playerId, 'pdf')}
              download
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
            >
              Download data (PDF)
            </Button>
          </Group>
        </div>
        <QueryView query={privacy} noun="privacy requests" isEmpty={() => false}>
          {(data) => (
            <ErasureRequestSection
              privacy={data}
              subject={name}
              onRequest={async (reason) => {
                const res = await requestErasure(playerId, reason);
                notifySuccess(res.message);
                await client.invalidateQueries({ queryKey: ['players', playerId, 'privacy'] });
                await client.invalidateQueries({ queryKey: ['privacy'] });
              }}
            />
          )}
        </QueryView>
      </Stack>
    </Panel>
  );
}
