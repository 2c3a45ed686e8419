import { Box, Group, Progress, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { FamilyChildView, FamilyCriterionScore } from '../../../shared/schemas/family';
import { formatPercent } from '../../../shared/scoring';
import { TimelineChart } from '../../components/ScoreCharts';
import { axisDate, longDate, progressReading } from './progress';

/**
 * What a parent asks first when a child opens (docs/product.md#families): how the child is doing and
 * whether it is getting better. The total over time as the analysis pages draw it, then the strongest
 * and weakest criteria now as bars; each chart has a table for screen readers. Numbers come from the
 * server (the one scoring implementation); nothing is computed here.
 */
export default function ChildProgress({ child }: { child: FamilyChildView }) {
  const { timeline, strengths, workOn } = child.progress;
  const heading = `progress-${child.id}`;
  return (
    <Box component="section" aria-labelledby={heading}>
      <Title order={3} size="h4" id={heading} mb={4}>
        How {child.firstName} is doing
      </Title>
      <Text fw={700} size="lg">
        Total score: {formatPercent(child.totalScore)}%
      </Text>
      <Text size="sm" mb="xs">
        {progressReading(timeline)}
      </Text>
      {timeline.length ? (
        <>
          <TimelineChart points={timeline} label="Total score" tick={axisDate(timeline)} h={200} />
          <VisuallyHidden>
            <Table>
              <caption>Total score by evaluation date</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Total score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {timeline.map((p) => (
                  <Table.Tr key={p.date}>
                    <Table.Td>{longDate(p.date)}</Table.Td>
                    <Table.Td>{formatPercent(p.score)}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      ) : null}
      {strengths.length ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" mt="sm">
          <CriterionBars id={`strengths-${child.id}`} title="Strengths" items={strengths} color="teal.7" />
          {workOn.length ? <CriterionBars id={`work-on-${child.id}`} title="Things to work on" items={workOn} color="orange.7" /> : null}
        </SimpleGrid>
      ) : null}
    </Box>
  );
}

/**
 * Criteria as bars of their share of the maximum. The names sit above the bars, so a long name wraps
 * on a phone instead of being cut at an axis; screen readers get the same as a table.
 */
function CriterionBars({ id, title, items, color }: { id: string; title: string; items: FamilyCriterionScore[]; color: string }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={4} size="h5" id={id} mb={6}>
        {title}
      </Title>
      <Stack gap={8} aria-hidden>
        {items.map((c) => (
          <div key={c.criterion}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-end">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {c.criterion}
              </Text>
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {formatPercent(c.percent)}%
              </Text>
            </Group>
            <Progress value={Math.min(100, Math.max(0, c.percent))} color={color} size="md" radius="sm" mt={2} />
            {c.measured ? (
              <Text size="xs" c="dimmed" mt={2}>
                {c.measured}
              </Text>
            ) : null}
          </div>
        ))}
      </Stack>
      <VisuallyHidden>
        <Table>
          <caption>{title}, as a share of each criterion's maximum</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Criterion</Table.Th>
              <Table.Th scope="col">Score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c.criterion}>
                <Table.Td>{c.criterion}</Table.Td>
                <Table.Td>
                  {formatPercent(c.percent)}%{c.measured ? ` (${c.measured})` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
