import { Avatar, Badge, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { photoUrl } from '../../../shared/paths';
import { formatPercent } from '../../../shared/scoring';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { AnalysisHeader } from './AnalysisHeader';
import { teamAnalysisQuery } from './api';
import './analysis.css';
import { ChartCard, ComparisonChart, DistributionChart } from './charts';
import { TimelineChart } from '../../components/ScoreCharts';

/** The printed report card lists the top of the ranking only, so it stays one A4 page. */
const PRINT_RANKING_ROWS = 15;

/** /app/team/{id}/analysis: header (docs/product.md#analysis) plus the team's report. */
export default function TeamAnalysisPage() {
  const teamId = Number(useParams().teamId);
  const can = useCan();
  const valid = Number.isInteger(teamId) && teamId > 0;
  const { data, error, isPending } = useQuery({ ...teamAnalysisQuery(teamId), enabled: valid && can('reports', 1) });
  if (!can('reports', 1)) return <Navigate to="/app/unauthorized" replace />;
  if (!valid || (error instanceof ApiError && error.status === 404)) return <Navigate to="/app/not-found" replace />;
  if (error instanceof ApiError && error.status === 403) return <Navigate to="/app/unauthorized" replace />;
  if (error) return <Text c="red">{error.message}</Text>;
  if (isPending || !data) return <Loading />;

  const t = data.team;
  return (
    <div className="analysis-report">
      <AnalysisHeader title={t.name.toUpperCase()} label="Team Analysis" />
      <Group gap="sm" mb="md" wrap="wrap">
        <Badge size="xl" variant="filled">
          Average {formatPercent(data.averageScore)}%
        </Badge>
        <Badge size="xl" variant="light">
          {t.playerCount} Player(s)
        </Badge>
        <Text size="sm" c="gray.7">
          {t.category} · {t.season} · Coach {t.coachName}
        </Text>
      </Group>
      <div className="analysis-grid">
        <ChartCard title="Team average over time">
          <TimelineChart className="analysis-chart" points={data.timeline} label="Team average" />
        </ChartCard>
        <ChartCard title="Score distribution">
          <DistributionChart buckets={data.distribution} />
        </ChartCard>
        <ChartCard title="Average by criterion">
          <ComparisonChart
            horizontal
            label="Team average by criterion"
            data={data.criteria.map((c) => ({ name: c.name, 'Team average': c.teamAverage ?? 0, Weight: c.weight }))}
            series={[
              { name: 'Team average', color: 'indigo.6' },
              { name: 'Weight', color: 'gray.4' },
            ]}
          />
        </ChartCard>
        <ChartCard title="Ranking">
          {data.ranking.length === 0 ? (
            <EmptyState />
          ) : (
            <DataTable
              verticalSpacing={4}
              fz="sm"
              aria-label="Team ranking"
              columns={[<Table.Th w={48}>Rank</Table.Th>, 'Player', <Table.Th ta="right">Score</Table.Th>]}
            >
              {data.ranking.map((r, i) => (
                <Table.Tr key={r.id} className={i >= PRINT_RANKING_ROWS ? 'analysis-no-print' : undefined}>
                  <Table.Td fw={700}>{r.rank}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar
                        src={photoUrl(r.profile_img)}
                        alt=""
                        size="sm"
                        radius="xl"
                        color="indigo"
                        variant="filled"
                        className="analysis-no-print"
                      >
                        {r.first_name.charAt(0)}
                        {r.last_name.charAt(0)}
                      </Avatar>
                      <span>
                        {r.first_name} {r.last_name}
                      </span>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatPercent(r.totalScore)}%</Table.Td>
                </Table.Tr>
              ))}
              {t.playerCount > PRINT_RANKING_ROWS ? (
                <Table.Tr className="analysis-print-only-row">
                  <Table.Td colSpan={3} c="gray.7">
                    …and {t.playerCount - PRINT_RANKING_ROWS} more
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </DataTable>
          )}
        </ChartCard>
      </div>
    </div>
  );
}
