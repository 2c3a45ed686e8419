import { Anchor, Card, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReportSnapshot } from '../../../shared/schemas/report-snapshot';
import { TryoutsSeen } from '../../components/TryoutsSeen';
import { ReportGoals } from '../../components/ReportGoals';
import { spreadOf } from '../../../shared/schemas/report-snapshot';
import { MeasuredNote, ProgressNote } from '../../components/ReportProgress';

/** A frozen report as staff read it: the same content the family sees (no names of evaluators, no notes). */
export function SnapshotView({ snapshot: s }: { snapshot: ReportSnapshot }) {
  return (
    <Stack gap="sm">
      <Card withBorder padding="sm">
        <Text fw={600}>
          Total: {s.total === null ? 'not evaluated in the cycle' : `${s.total}%`}
          {s.change !== null ? ` (${s.change >= 0 ? '+' : ''}${s.change} since the last report)` : ''}
        </Text>
        {s.total_progress ? <ProgressNote progress={s.total_progress} of="total scores" prefix="Total since the last report" /> : null}
        {s.team_average !== null ? <Text size="sm">Team average: {s.team_average}%</Text> : null}
        {s.rank ? (
          <Text size="sm">
            Rank: {s.rank.position} of {s.rank.of}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Evaluated by: {s.evaluated_by}
        </Text>
      </Card>
      <TryoutsSeen
        headingOrder={2}
        tryouts={s.tryouts.map((t) => ({ session: t.session, evaluators: t.evaluators, agreed: t.agreed_on }))}
      />
      <div>
        <Title order={2} size="h4">
          Overall comment
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{s.overall_comment}</Text>
      </div>
      {s.focus.length ? (
        <div>
          <Title order={2} size="h4">
            Things to work on
          </Title>
          <List>
            {s.focus.map((f, i) => (
              <List.Item key={i}>
                <Text fw={600} span>
                  {f.label}:
                </Text>{' '}
                {f.text}
                {f.resources.map((r) => (
                  <div key={r.id}>
                    <Anchor href={r.url} target="_blank" rel="noreferrer" size="sm">
                      {r.title}
                    </Anchor>
                  </div>
                ))}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      <ReportGoals goals={s.goals} />
      {s.criteria.length ? (
        <Table.ScrollContainer minWidth={300}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Criterion</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Comment</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.criteria.map((c) => (
                <Table.Tr key={c.criterion_id}>
                  <Table.Td>{c.label}</Table.Td>
                  <Table.Td>
                    {c.percent === null ? '–' : `${c.percent}%`}
                    {c.measured ? <MeasuredNote measured={c.measured} /> : null}
                    {c.progress ? <ProgressNote progress={c.progress} of={spreadOf(c)} prefix="Since the last report" /> : null}
                  </Table.Td>
                  <Table.Td>{c.comment ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
