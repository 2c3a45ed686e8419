import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PROGRESS_WORDS } from '../../../shared/scoring';
import { scoreLabel } from '../../../shared/schemas/evaluation';
import {
  GOAL_STATE_WORDS,
  TEAM_GOAL_FILTERS,
  TEAM_GOAL_FILTER_WORDS,
  goalMatches,
  type GoalSummary,
  type TeamGoalFilter,
  type TeamGoalResult,
  type TeamGoals,
} from '../../../shared/schemas/goal';
import { QueryView } from '../../components/QueryView';
import { useCan } from '../../lib/auth';
import { teamGoalsQuery } from './api';
import { TeamGoalModal } from './TeamGoalModal';
import { ProposalActions } from './ProposalActions';

const ALL = 'all';
const level = (g: GoalSummary, v: number | null) => (v === null ? '–' : g.levelKind ? scoreLabel(g.levelKind, v) : String(v));

/**
 * /app/team/:teamId/goals (docs/product.md#goals): the team's goals by player with their progress,
 * filtered by `?filter=` (the dashboard's counts link here), and Set a team goal for many players.
 */
export default function TeamGoalsPage() {
  const teamId = Number(useParams().teamId);
  const [search, setSearch] = useSearchParams();
  const raw = search.get('filter');
  const filter: TeamGoalFilter | typeof ALL = TEAM_GOAL_FILTERS.includes(raw as TeamGoalFilter) ? (raw as TeamGoalFilter) : ALL;
  const query = useQuery(teamGoalsQuery(teamId));
  const canWrite = useCan()('players', 2);
  const [setting, setSetting] = useState(false);
  const [result, setResult] = useState<TeamGoalResult | null>(null);

  return (
    <QueryView query={query} noun="team goals" isEmpty={() => false}>
      {(data) => (
        <Stack gap="md">
          <Anchor component={Link} to={`/app/team/${teamId}/players`} size="sm">
            ← {data.team.name}
          </Anchor>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={1} size="h2">
              Goals: {data.team.name}
            </Title>
            {canWrite ? (
              <Button leftSection={<IconTarget size={18} aria-hidden />} onClick={() => setSetting(true)}>
                Set a team goal
              </Button>
            ) : null}
          </Group>
          {result && result.skipped.length ? (
            <Alert color="yellow" title={`Left out: ${result.skipped.length}`} withCloseButton onClose={() => setResult(null)}>
              <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
                {result.skipped.map((s) => (
                  <Text key={s.playerId} component="li" size="sm">
                    {s.player}: {s.reason}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
          {canWrite ? <Proposals data={data} /> : null}
          <Select
            label="Show"
            w={{ base: '100%', sm: 340 }}
            allowDeselect={false}
            data={[{ value: ALL, label: 'All goals' }, ...TEAM_GOAL_FILTERS.map((f) => ({ value: f, label: TEAM_GOAL_FILTER_WORDS[f] }))]}
            value={filter}
            comboboxProps={{ withinPortal: true }}
            onChange={(v) => setSearch(v && v !== ALL ? { filter: v } : {}, { replace: true })}
          />
          {filter === 'achieved' ? (
            <Text size="sm" c="dimmed">
              {data.achievedSince
                ? `Achieved since the last report cycle closed on ${data.achievedSince}.`
                : 'No report cycle has closed yet: every achieved goal.'}
            </Text>
          ) : null}
          {filter === 'none' ? <WithoutGoal data={data} /> : <GoalTable data={data} filter={filter} />}
          {canWrite ? <TeamGoalModal team={data} opened={setting} onClose={() => setSetting(false)} onDone={setResult} /> : null}
        </Stack>
      )}
    </QueryView>
  );
}

function GoalTable({ data, filter }: { data: TeamGoals; filter: Exclude<TeamGoalFilter, 'none'> | typeof ALL }) {
  const rows = data.players.flatMap((p) =>
    p.goals.filter((g) => filter === ALL || goalMatches(filter, g, data)).map((g) => ({ player: p, goal: g })),
  );
  if (!rows.length) return <Text c="dimmed">No goals to show.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={`Goals of ${data.team.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Player</Table.Th>
            <Table.Th scope="col">Goal</Table.Th>
            <Table.Th scope="col">Now / target</Table.Th>
            <Table.Th scope="col">Progress</Table.Th>
            <Table.Th scope="col">Due</Table.Th>
            <Table.Th scope="col">State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ player: p, goal: g }) => (
            <Table.Tr key={g.id}>
              <Table.Td>
                <Anchor component={Link} to={`/app/player/${p.id}`} size="sm">
                  {p.first_name} {p.last_name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{g.title}</Table.Td>
              <Table.Td>{g.criterionId !== null ? `${level(g, g.latest ?? g.baseline)} / ${level(g, g.target)}` : '–'}</Table.Td>
              <Table.Td>{g.progress ? PROGRESS_WORDS[g.progress] : '–'}</Table.Td>
              <Table.Td>{g.dueOn}</Table.Td>
              <Table.Td>
                <Badge variant="outline" color="dark">
                  {GOAL_STATE_WORDS[g.state]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WithoutGoal({ data }: { data: TeamGoals }) {
  const players = data.players.filter((p) => !p.goals.some((g) => g.state === 'active'));
  if (!players.length) return <Text c="dimmed">Every player has an active goal.</Text>;
  return (
    <Stack gap={4} component="ul" aria-label="Players without an active goal" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {players.map((p) => (
        <li key={p.id}>
          <Anchor component={Link} to={`/app/player/${p.id}`} size="sm" display="inline-block" py={10}>
            {p.first_name} {p.last_name}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

/** Players' own proposals, waiting for the coach's answer (they count in no filter until accepted). */
function Proposals({ data }: { data: TeamGoals }) {
  const rows = data.players.flatMap((p) => p.goals.filter((g) => g.state === 'proposed').map((g) => ({ player: p, goal: g })));
  if (!rows.length) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="team-proposals">
      <Title order={2} size="h4" id="team-proposals">
        Proposed by players ({rows.length})
      </Title>
      {rows.map(({ player: p, goal: g }) => (
        <Group key={g.id} justify="space-between" wrap="wrap" gap="xs" data-testid={`proposal-${g.id}`}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/app/player/${p.id}`} size="sm">
              {p.first_name} {p.last_name}
            </Anchor>
            : <b>{g.title}</b>
            {g.criterionId !== null ? ` → ${level(g, g.target)}` : ''} by {g.dueOn}
          </Text>
          <Group gap="xs" wrap="wrap">
            <ProposalActions goal={g} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
