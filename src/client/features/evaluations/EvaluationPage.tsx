import classes from './evaluations.module.css';
import { Anchor, Avatar, Button, Group, Menu, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconHistory, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Evaluation } from '../../../shared/schemas/evaluation';
import { photoUrl } from '../../../shared/paths';
import { formatPercent } from '../../../shared/scoring';
import { BulkEvaluationModal } from '../../components/BulkEvaluationModal';
import { Loading } from '../../components/Loading';
import { useErrorRedirect } from '../../lib/useErrorRedirect';
import { useCan } from '../../lib/auth';
import { playerEvaluationsQuery } from './api';
import { DeleteEvaluationModal } from './DeleteEvaluationModal';
import { EvaluationFormModal } from './EvaluationFormModal';
import { EvaluationRows } from './EvaluationRows';

type Dialog = { kind: 'form'; evaluation: Evaluation | null } | { kind: 'delete'; evaluation: Evaluation } | { kind: 'bulk' } | null;

export default function EvaluationPage() {
  const playerId = Number(useParams().playerId);
  const can = useCan();
  const canWrite = can('evaluation', 2);
  const query = useQuery({ ...playerEvaluationsQuery(playerId), enabled: Number.isInteger(playerId) && playerId > 0 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [showHistory, setShowHistory] = useState(false);

  useErrorRedirect(query.error, playerId);

  if (query.isPending) return <Loading />;
  if (query.isError) return <Text c="red">{query.error.message}</Text>;
  const { player, totalScore, evaluations, history = [], historyCount } = query.data;
  const initials = player.name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  /** The current and the previous evaluations open the same edit and delete dialogs. */
  const rowActions = {
    canWrite,
    onEdit: (e: Evaluation) => setDialog({ kind: 'form', evaluation: e }),
    onDelete: (e: Evaluation) => setDialog({ kind: 'delete', evaluation: e }),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md" wrap="nowrap">
          <Avatar src={photoUrl(player.profile_img)} alt={`Photo of ${player.name}`} size={56} radius="xl" color="blue">
            {initials}
          </Avatar>
          <div>
            <Title order={1} size="h2">
              {player.name}
            </Title>
            <Anchor component={Link} to={`/app/player/${player.id}`} size="sm">
              View Profile
            </Anchor>
          </div>
        </Group>
        {canWrite ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button rightSection={<IconChevronDown size={16} />}>Re-evaluate Player</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'form', evaluation: null })}>
                Single Evaluation
              </Menu.Item>
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setDialog({ kind: 'bulk' })}>
                Bulk Evaluation
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb={6}>
          <Text fw={700} size="sm" tt="uppercase" className={classes.muted}>
            Total Score
          </Text>
          <Text fw={700} size="xl">
            {formatPercent(totalScore)}%
          </Text>
        </Group>
        <Progress value={Math.min(100, Math.max(0, totalScore))} size="lg" radius="xl" aria-label="Total score" />
      </Paper>

      <EvaluationRows label="Current evaluations" evaluations={evaluations} {...rowActions} />

      {historyCount > 0 ? (
        <Stack gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconHistory size={16} />}
            onClick={() => setShowHistory((v) => !v)}
            aria-expanded={showHistory}
            style={{ alignSelf: 'flex-start' }}
          >
            {showHistory ? 'Hide previous evaluations' : `Show previous evaluations (${historyCount})`}
          </Button>
          {showHistory ? (
            <>
              <Title order={2} size="h4">
                Previous evaluations
              </Title>
              <Text size="sm" className={classes.muted}>
                Superseded by a later evaluation of the same criteria; they no longer count in the score.
              </Text>
              <EvaluationRows label="Previous evaluations" evaluations={history} {...rowActions} />
            </>
          ) : null}
        </Stack>
      ) : null}

      <EvaluationFormModal
        opened={dialog?.kind === 'form'}
        onClose={() => setDialog(null)}
        playerId={playerId}
        evaluation={dialog?.kind === 'form' ? dialog.evaluation : null}
        current={evaluations}
        birthYear={player.birth_year ?? null}
      />
      {dialog?.kind === 'delete' ? (
        <DeleteEvaluationModal playerId={playerId} evaluation={dialog.evaluation} onClose={() => setDialog(null)} />
      ) : null}
      <BulkEvaluationModal opened={dialog?.kind === 'bulk'} onClose={() => setDialog(null)} playerId={playerId} playerName={player.name} />
    </Stack>
  );
}
