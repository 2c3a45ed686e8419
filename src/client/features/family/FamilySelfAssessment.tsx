import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Loading } from '../../components/Loading';
import { QueryView } from '../../components/QueryView';
import { familySelfAssessments } from './api';

const GapComparison = lazy(() => import('../../components/ScoreCharts').then((m) => ({ default: m.GapComparison })));

/**
 * The family portal's self-assessment of a child (docs/product.md#self-assessment): the child's view
 * beside the coach's, per approved report, while the reports consent holds and (after the hand-over)
 * the child shares with this guardian — the server answers nothing otherwise.
 */
export function FamilySelfAssessment({ playerId }: { playerId: number }) {
  const query = useQuery({ queryKey: ['family', 'self-assessment', playerId], queryFn: () => familySelfAssessments(playerId) });
  const id = `family-self-assessment-${playerId}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        Self-assessment
      </Title>
      <QueryView
        query={query}
        noun="self-assessment"
        isEmpty={(d) => d.comparisons.length === 0 && d.hidden === null}
        emptyText="Nothing to compare yet: the self-assessment shows here once the coach's report is approved."
      >
        {(d) =>
          d.hidden === 'noConsent' ? (
            <Text size="sm">The self-assessment is shown here once the consent to receive reports is given.</Text>
          ) : (
            <Suspense fallback={<Loading label="Loading the comparison" />}>
              <Stack gap="md">
                {d.comparisons.map((c) => (
                  <Stack key={c.cycle.cycleId} gap="xs">
                    <Text fw={600}>{c.cycle.name}</Text>
                    <GapComparison rows={c.rows} selfLabel="Player" caption={`The player's view and the coach's, ${c.cycle.name}`} />
                  </Stack>
                ))}
              </Stack>
            </Suspense>
          )
        }
      </QueryView>
    </Stack>
  );
}
