import { Box, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { agreedOnWords, seenByWords } from '../../shared/fair-evaluations';

export interface TryoutSeen {
  session: string;
  /** The session's day, where the screen has it. */
  date?: string;
  evaluators: number;
  agreed: readonly string[];
}

/**
 * A child's tryouts as a family reads them (docs/product.md#families), in the portal and in a report:
 * "Seen by 4 evaluators" (never who) and the criteria on which the panel agreed well. Nothing else.
 */
export function TryoutsSeen({ tryouts, headingOrder = 3 }: { tryouts: readonly TryoutSeen[]; headingOrder?: 2 | 3 }) {
  const heading = useId();
  if (!tryouts.length) return null;
  return (
    <section aria-labelledby={heading}>
      <Title order={headingOrder} size="h4" id={heading} mb={4}>
        Tryouts
      </Title>
      <Stack gap={6}>
        {tryouts.map((t, i) => {
          const agreed = agreedOnWords(t.agreed);
          return (
            <Box key={i} data-testid="tryout-seen">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {t.session}
                {t.date ? (
                  <Text span size="xs" c="dimmed" fw={400}>
                    {' '}
                    · {t.date}
                  </Text>
                ) : null}
              </Text>
              <Text size="sm">{seenByWords(t.evaluators)}.</Text>
              {agreed ? <Text size="sm">{agreed}</Text> : null}
            </Box>
          );
        })}
      </Stack>
    </section>
  );
}
