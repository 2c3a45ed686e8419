import { Group, NumberInput, Paper } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TOP_MAX } from '../../../shared/schemas/relative-age';
import { QueryView } from '../../components/QueryView';
import { RelativeAgeView } from '../../components/RelativeAgeView';
import { relativeAgeQuery } from './api';

/**
 * A session's relative age (docs/product.md#relative-age). A session selects nobody itself, so the
 * director says how many of the top of the results count as selected (by default half of them).
 */
export function RelativeAgePanel({ sessionId }: { sessionId: number }) {
  const [top, setTop] = useState<number | null>(null);
  const query = useQuery({ ...relativeAgeQuery(sessionId, top), placeholderData: keepPreviousData });
  return (
    <Paper withBorder p="md" mt="md">
      <QueryView query={query} noun="relative-age view" isEmpty={() => false}>
        {(data) => (
          <RelativeAgeView
            data={data}
            controls={
              <Group>
                <NumberInput
                  label="Selected: the top"
                  description="How many players of the results count as selected"
                  min={1}
                  max={TOP_MAX}
                  allowDecimal={false}
                  value={top ?? data.top ?? ''}
                  onChange={(v) => setTop(typeof v === 'number' && v >= 1 ? v : null)}
                  // The stepper's arrows are 17 px tall: too small to tap; a phone's number pad is the control.
                  hideControls
                  inputMode="numeric"
                  w={220}
                />
              </Group>
            }
          />
        )}
      </QueryView>
    </Paper>
  );
}
