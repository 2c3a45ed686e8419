import { Stack, Text, Title } from '@mantine/core';
import { REPORT_GOAL_OUTCOME, reportGoalDetail, type ReportSnapshot } from '../../shared/schemas/report-snapshot';

/**
 * A report's goals (docs/product.md#goals): those set at the last report with their outcome, and the
 * new ones set from this report. Staff, the player and the family (visible goals only) read the same.
 */
export function ReportGoals({ goals }: { goals: ReportSnapshot['goals'] }) {
  const list = (id: string, title: string, lines: ReportSnapshot['goals']['set'], outcome: boolean) =>
    lines.length ? (
      <section aria-labelledby={id}>
        <Title order={2} size="h4" id={id} mb={4}>
          {title}
        </Title>
        <Stack gap={6} component="ul" style={{ paddingLeft: '1.2rem', margin: 0 }}>
          {lines.map((g, i) => (
            <li key={i}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <b>{g.title}</b>
                {outcome ? `: ${REPORT_GOAL_OUTCOME[g.state]}` : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {reportGoalDetail(g)}
              </Text>
            </li>
          ))}
        </Stack>
      </section>
    ) : null;
  return (
    <>
      {list('report-goals-previous', 'Goals set at the last report', goals.previous, true)}
      {list('report-goals-new', 'New goals', goals.set, false)}
    </>
  );
}
