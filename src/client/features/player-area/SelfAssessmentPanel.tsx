import { Card, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { selfAssessmentQuery, selfAssessmentsQuery } from './api';

const GapComparison = lazy(() => import('../../components/ScoreCharts').then((m) => ({ default: m.GapComparison })));

/**
 * SELF-ASSESSMENT on the staff player profile (docs/product.md#self-assessment): how far the player
 * has scored themself in each cycle, and once the report is approved their view beside the coach's.
 * Staff without reports read see nothing of it (the server answers 403: the panel stays away).
 */
export function SelfAssessmentPanel({ playerId }: { playerId: number }) {
  const list = useQuery({ ...selfAssessmentsQuery(playerId), retry: false });
  const compared = (list.data ?? []).filter((c) => c.status === 'compared');
  const details = useQueries({ queries: compared.map((c) => ({ ...selfAssessmentQuery(playerId, c.cycleId), retry: false })) });
  if (list.error instanceof ApiError && list.error.status === 403) return null;
  if (!list.data || list.data.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="SELF-ASSESSMENT">
      <Title order={2} size="h5" c="dimmed" mb="sm" style={{ letterSpacing: 1 }}>
        SELF-ASSESSMENT
      </Title>
      <Stack gap="md">
        {list.data.map((c) => {
          const detail = details[compared.indexOf(c)]?.data;
          return (
            <Stack key={c.cycleId} gap="xs">
              <Title order={3} size="h5">
                {c.name}
              </Title>
              {c.status === 'compared' && detail?.comparison ? (
                <Suspense fallback={<Loading label="Loading the comparison" />}>
                  <GapComparison rows={detail.comparison} selfLabel="Player" caption={`Player and coach, ${c.name}`} />
                </Suspense>
              ) : (
                <Text size="sm">
                  {c.scored === 0 ? 'The player has not scored themself yet.' : `The player has scored ${c.scored} criteria.`}{' '}
                  {c.status === 'open'
                    ? 'Their view shows beside yours once the report is approved.'
                    : c.status === 'closed'
                      ? 'The cycle has closed.'
                      : ''}
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
