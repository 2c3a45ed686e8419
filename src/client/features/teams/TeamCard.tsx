import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconChartBar, IconDots, IconEdit, IconTrash, IconUser, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Team } from '../../../shared/schemas/team';

interface Props {
  team: Team;
  /** Teams permission > 1: the Edit / Analysis / Delete menu. */
  canWrite: boolean;
  onEdit: (team: Team) => void;
  onDelete: (team: Team) => void;
}

/** docs/product.md#screens team card: club badge, upper-case name, coach, 'N Player(s)', season, Manage. */
export function TeamCard({ team, canWrite, onEdit, onDelete }: Props) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={team.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Badge variant="light" color="indigo" maw="80%">
          {team.category}
        </Badge>
        {canWrite ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Team actions for ${team.name}`}>
                <IconDots size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onEdit(team)}>
                Edit Team
              </Menu.Item>
              <Menu.Item leftSection={<IconChartBar size={16} />} component={Link} to={`/app/team/${team.id}/analysis`}>
                Analysis
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(team)}>
                Delete Team
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      <Title order={2} size="h4" mt="sm" style={{ overflowWrap: 'anywhere' }}>
        {team.name.toUpperCase()}
      </Title>
      <Stack gap={4} mt="xs">
        <Group gap={6} wrap="nowrap">
          <IconUser size={16} aria-hidden />
          <Text size="sm">
            <Text span size="sm" fw={600}>
              Coach:{' '}
            </Text>
            {team.coachName}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconUsers size={16} aria-hidden />
          <Text size="sm">{team.playerCount} Player(s)</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCalendar size={16} aria-hidden />
          <Text size="sm">
            <Text span size="sm" fw={600}>
              Season:{' '}
            </Text>
            {team.season}
          </Text>
        </Group>
      </Stack>
      <Button component={Link} to={`/app/team/${team.id}/players`} variant="light" fullWidth mt="md" aria-label={`Manage ${team.name}`}>
        Manage
      </Button>
    </Card>
  );
}
