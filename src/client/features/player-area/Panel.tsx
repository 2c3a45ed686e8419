import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled section of the player dashboard (SCORE, PROGRESS, ANALYSIS, …). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm" tt="uppercase" c="gray.7" style={{ letterSpacing: 1 }}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
