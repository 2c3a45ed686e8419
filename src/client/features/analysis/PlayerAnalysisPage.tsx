import { Badge, Group, Select, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { photoUrl } from '../../../shared/paths';
import { formatMeasure, formatPercent } from '../../../shared/scoring';
import type { LatestChange } from '../../../shared/schemas/leaderboard';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { AnalysisHeader } from './AnalysisHeader';
import { playerAnalysisQuery } from './api';
import './analysis.css';
import { ChartCard, ComparisonChart } from './charts';
import { ProgressWord } from './ProgressWord';
import { TimelineChart } from '../../components/ScoreCharts';
import { now } from '../../../shared/clock.js';

const MeasuredHistory = lazy(() => import('./MeasuredHistory'));

/** /app/player/{id}/analysis: header (docs/product.md#analysis) plus the player's progress report. */
export default function PlayerAnalysisPage() {
  const playerId = Number(useParams().playerId);
  const can = useCan();
  const [teamId, setTeamId] = useState<number | undefined>();
  const valid = Number.isInteger(playerId) && playerId > 0;
  const { data, error, isPending } = useQuery({ ...playerAnalysisQuery(playerId, teamId), enabled: valid && can('reports', 1) });
  if (!can('reports', 1)) return <Navigate to="/app/unauthorized" replace />;
  if (!valid || (error instanceof ApiError && error.status === 404)) return <Navigate to="/app/not-found" replace />;
  if (error instanceof ApiError && error.status === 403) return <Navigate to="/app/unauthorized" replace />;
  if (error) return <Text c="red">{error.message}</Text>;
  if (isPending || !data) return <Loading />;

  const p = data.player;
  const name = `${p.first_name} ${p.last_name}`;
  const teamLabel = data.team ? `${data.team.name} average` : 'Team average';
  /** The player's bars, and the team average's when there is a team to compare with. */
  const series = [{ name: 'Player', color: 'indigo.6' }, ...(data.team ? [{ name: teamLabel, color: 'gray.5' }] : [])];
  return (
    <div className="analysis-report">
      <AnalysisHeader
        title={name}
        label="Player Analysis"
        photo={{ src: photoUrl(p.profile_img), initials: `${p.first_name.charAt(0)}${p.last_name.charAt(0)}` }}
      >
        {/* The server lists only the teams this viewer can reach, so no choice answers 403. */}
        {p.teams.length > 1 ? (
          <Select
            aria-label="Compare with team"
            data={p.teams.map((t) => ({ value: String(t.id), label: t.name }))}
            value={String(data.team?.id ?? '')}
            onChange={(v) => setTeamId(v ? Number(v) : undefined)}
            allowDeselect={false}
            w={160}
          />
        ) : null}
      </AnalysisHeader>

      <Group gap="sm" mb="md" wrap="wrap">
        <Badge size="xl" variant="filled">
          Total {formatPercent(data.totalScore)}%
        </Badge>
        {data.team ? (
          <Badge size="xl" variant="light">
            {data.rankInTeam !== null ? `Rank ${data.rankInTeam} of ${data.team.playerCount} in ${data.team.name}` : data.team.name}
          </Badge>
        ) : null}
        <Text className="analysis-print-only" size="sm">
          Printed {now().toLocaleDateString()}
        </Text>
      </Group>

      <div className="analysis-grid">
        <ChartCard title="Total score over time">
          <TimelineChart className="analysis-chart" points={data.timeline} label="Total score" />
        </ChartCard>
        <ChartCard title="Scores by level">
          <ComparisonChart
            label="Scores by level against the team average"
            data={data.levels.map((l) => ({ name: l.name, Player: l.score, [teamLabel]: l.teamAverage }))}
            series={series}
          />
        </ChartCard>
        <ChartCard title="Scores by criterion">
          <ComparisonChart
            horizontal
            label="Scores by criterion against the team average"
            data={data.criteria.map((c) => ({ name: c.name, Player: c.score ?? 0, [teamLabel]: c.teamAverage }))}
            series={series}
          />
        </ChartCard>
        <ChartCard title="Latest changes">
          {data.latestChanges.length === 0 ? (
            <EmptyState />
          ) : (
            <DataTable
              minWidth={300}
              verticalSpacing={4}
              horizontalSpacing={6}
              fz="sm"
              aria-label="Latest changes"
              columns={['Date', 'Criterion', <Table.Th ta="right">Score</Table.Th>, <Table.Th ta="right">Change</Table.Th>]}
            >
              {data.latestChanges.map((c) => (
                <ChangeRow key={c.id} change={c} />
              ))}
            </DataTable>
          )}
        </ChartCard>
        {/* Left out of the one-page print when it would only say there is nothing to show. */}
        <ChartCard title="Measured tests over time" className={data.measured.length ? undefined : 'analysis-no-print'}>
          <Suspense fallback={<Loading />}>
            <MeasuredHistory series={data.measured} />
          </Suspense>
        </ChartCard>
      </div>
    </div>
  );
}

/** A change of one criterion: its score and change as before, the measured values when it is a test, and the progress word under the change. */
function ChangeRow({ change: c }: { change: LatestChange }) {
  const delta = c.previous === null ? null : c.score - c.previous;
  const m = c.measured;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.date}</Table.Td>
      <Table.Td>
        {c.criterion}
        {m ? (
          <Text size="xs" c="gray.7">
            {m.previous !== null ? `${formatMeasure(m, m.previous)} → ` : ''}
            {formatMeasure(m, m.value)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">{formatPercent(c.score)}%</Table.Td>
      <Table.Td ta="right">
        <Text size="sm" c={delta === null ? 'gray.7' : delta > 0 ? 'teal.9' : delta < 0 ? 'red.9' : undefined}>
          {delta === null ? 'new' : `${delta > 0 ? '+' : ''}${formatPercent(delta)}`}
        </Text>
        {c.progress ? <ProgressWord progress={c.progress} measure={m} /> : null}
      </Table.Td>
    </Table.Tr>
  );
}
