import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconChartBar, IconTarget, IconDots, IconEdit, IconTrash, IconUser, IconUsers, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Team } from '../../../shared/schemas/team';

interface Props {
  team: Team;
  /** Teams permission > 1: the Edit / Analysis / Delete menu. */
  canWrite: boolean;
  onEdit: (team: Team) => void;
  onDelete: (team: Team) => void;
}

/** One line of the card: its icon, then the fact, after its label in bold when it has one. */
function Fact({ icon: Icon, label, children }: { icon: Icon; label?: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <Text size="sm">
        {label ? (
          <Text span size="sm" fw={600}>
            {label}:{' '}
          </Text>
        ) : null}
        {children}
      </Text>
    </Group>
  );
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
              <Menu.Item leftSection={<IconTarget size={16} />} component={Link} to={`/app/team/${team.id}/goals`}>
                Goals
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
        <Fact icon={IconUser} label="Coach">
          {team.coachName}
        </Fact>
        <Fact icon={IconUsers}>{team.playerCount} Player(s)</Fact>
        <Fact icon={IconCalendar} label="Season">
          {team.season}
        </Fact>
      </Stack>
      <Button component={Link} to={`/app/team/${team.id}/players`} variant="light" fullWidth mt="md" aria-label={`Manage ${team.name}`}>
        Manage
      </Button>
    </Card>
  );
}
