import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconChartLine, IconClipboardCheck, IconDots, IconPencil, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PlayerListItem } from '../../../shared/schemas/player';
import { formatPercent } from '../../../shared/scoring';
import { PlayerAvatar } from './PlayerAvatar';
import classes from './players.module.css';

export type CardAction = 'edit' | 'evaluation' | 'remove' | 'delete';

interface Props {
  player: PlayerListItem;
  /** players permission > 1 shows the menu. */
  canManage: boolean;
  /** evaluation ≥ 1: the Evaluation modal reads GET /api/player/{id}/evaluation. */
  canEvaluate: boolean;
  /** reports ≥ 1: the player analysis page (docs/product.md#permissions). */
  canAnalyse: boolean;
  /** Remove from Team exists only on a team's roster. */
  onTeamRoute: boolean;
  onAction: (action: CardAction, player: PlayerListItem) => void;
}

export function PlayerCard({ player, canManage, canEvaluate, canAnalyse, onTeamRoute, onAction }: Props) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={player.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <PlayerAvatar player={player} size={52} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {player.name}
            </Text>
            <Text size="sm" className={classes.muted} truncate="end">
              {player.teams.length ? player.teams.map((t) => t.name).join(', ') : 'No team'}
            </Text>
          </Stack>
        </Group>
        {canManage ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${player.name}`}>
                <IconDots size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', player)}>
                Edit player
              </Menu.Item>
              {canEvaluate ? (
                <Menu.Item leftSection={<IconClipboardCheck size={16} />} onClick={() => onAction('evaluation', player)}>
                  Evaluation
                </Menu.Item>
              ) : null}
              {canAnalyse ? (
                <Menu.Item leftSection={<IconChartLine size={16} />} component={Link} to={`/app/player/${player.id}/analysis`}>
                  Analysis
                </Menu.Item>
              ) : null}
              {onTeamRoute ? (
                <Menu.Item leftSection={<IconUserMinus size={16} />} onClick={() => onAction('remove', player)}>
                  Remove from Team
                </Menu.Item>
              ) : null}
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction('delete', player)}>
                Delete Player
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Badge variant="light" size="lg" aria-label={`Score ${formatPercent(player.totalScore)}%`}>
          {formatPercent(player.totalScore)}%
        </Badge>
        <Button component={Link} to={`/app/player/${player.id}`} variant="light" size="sm">
          View Profile
        </Button>
      </Group>
    </Card>
  );
}
