import { Avatar, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { photoUrl } from '../../../shared/paths';
import type { Player } from '../../../shared/schemas/player';

/** Photo and name at the top of each player-area page, with an optional line under the name. */
export function PlayerHeader({ player, subtitle, children }: { player: Player; subtitle?: ReactNode; children?: ReactNode }) {
  const initials = `${player.first_name[0] ?? ''}${player.last_name[0] ?? ''}`;
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Group gap="md" wrap="nowrap">
        <Avatar src={photoUrl(player.profile_img)} alt={`Photo of ${player.name}`} size={64} radius="xl" color="blue">
          {initials}
        </Avatar>
        <Stack gap={0}>
          <Title order={1} size="h2">
            {player.name}
          </Title>
          {subtitle ? (
            <Text c="gray.7" fw={600} size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {children}
    </Group>
  );
}
