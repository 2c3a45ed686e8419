import { ActionIcon, Badge, Button, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartLine, IconClipboardCheck, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { EmptyState } from '../../components/EmptyState';
import { useCan } from '../../lib/auth';
import { AchievementsPanel } from './AchievementsPanel';
import { AnalysisPanel } from './AnalysisPanel';
import { playerQuery } from './api';
import { DeletePlayerModal } from './DeletePlayerModal';
import { NotesPanel } from './NotesPanel';
import { GuardiansPanel } from './GuardiansPanel';
import { HandoverPanel } from './HandoverPanel';
import { ReportsPanel } from './ReportsPanel';
import { PlayerAvatar } from './PlayerAvatar';
import { PlayerFormModal } from './PlayerFormModal';
import { PrivacyPanel } from './PrivacyPanel';
import { ScorePanel } from './ScorePanel';
import { useErrorRedirect } from '../../lib/useErrorRedirect';
import classes from './players.module.css';

/** Player profile (/app/player/:playerId), docs/product.md#screens "Player profile". */
/** `panels`: profile panels of other features (app/ composes them: the goals), given the player and whether the caller edits. */
export type ProfilePanels = (player: { id: number; name: string }, canEdit: boolean) => ReactNode;

export default function PlayerProfilePage({ panels }: { panels?: ProfilePanels }) {
  const id = Number(useParams().playerId);
  const valid = Number.isInteger(id) && id > 0;
  const can = useCan();
  const navigate = useNavigate();
  const player = useQuery({ ...playerQuery(id), enabled: valid });
  useErrorRedirect(player.error);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  if (!valid) return <Navigate to="/app/not-found" replace />;
  if (player.isPending) return <Loading label="Loading player" />;
  if (!player.data) return <EmptyState text="The player could not be loaded. Please try again." />;
  const p = player.data;
  const canManage = can('players', 2);
  const canAnalysis = can('reports', 1);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <PlayerAvatar player={p} size={88} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {p.name}
            </Title>
            <Group gap={6}>
              {p.teams.length ? (
                p.teams.map((t) => (
                  <Badge key={t.id} variant="light" component={Link} to={`/app/team/${t.id}/players`} style={{ cursor: 'pointer' }}>
                    {t.name}
                  </Badge>
                ))
              ) : (
                <Text size="sm" className={classes.muted}>
                  No team
                </Text>
              )}
              {p.dob ? (
                <Text size="sm" className={classes.muted}>
                  Born {p.birth_date ?? p.dob}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Group gap="sm">
          {can('evaluation', 2) ? (
            <Button component={Link} to={`/app/player/${p.id}/evaluation`} leftSection={<IconClipboardCheck size={18} />}>
              Evaluation
            </Button>
          ) : null}
          {canManage || canAnalysis ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size={36} aria-label={`Actions for ${p.name}`}>
                  <IconDots size={20} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {canManage ? (
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('edit')}>
                    Edit
                  </Menu.Item>
                ) : null}
                {canAnalysis ? (
                  <Menu.Item leftSection={<IconChartLine size={16} />} component={Link} to={`/app/player/${p.id}/analysis`}>
                    Analysis
                  </Menu.Item>
                ) : null}
                {canManage ? (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
                    Delete
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>

      <Text size="sm" className={classes.muted} style={{ overflowWrap: 'anywhere' }}>
        Parent: {p.email}
        {p.player_email ? ` · Player sign-in: ${p.player_email}` : ''}
      </Text>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <ScorePanel total={p.totalScore} />
          <AnalysisPanel player={p} canEdit={canManage} />
          <GuardiansPanel playerId={p.id} canEdit={canManage} canHandOut={can('user_management', 2)} />
          <HandoverPanel playerId={p.id} canSend={canManage && can('user_management', 2)} />
          {can('reports', 1) ? <ReportsPanel playerId={p.id} /> : null}
        </Stack>
        <Stack gap="md">
          {panels?.(p, canManage)}
          <NotesPanel playerId={p.id} canEdit={canManage} />
          <AchievementsPanel playerId={p.id} canEdit={canManage} />
          {can('user_management', 2) ? <PrivacyPanel playerId={p.id} name={p.name} /> : null}
        </Stack>
      </SimpleGrid>

      <PlayerFormModal opened={dialog === 'edit'} onClose={() => setDialog(null)} player={p} />
      <DeletePlayerModal
        player={dialog === 'delete' ? p : null}
        onClose={() => setDialog(null)}
        onDeleted={() => navigate('/app/players', { replace: true })}
      />
    </Stack>
  );
}
