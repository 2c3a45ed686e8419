import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './players.module.css';

/** A profile panel: SCORE, ANALYSIS, NOTES, ACHIEVEMENTS (docs/product.md#screens "Player profile"). */
export function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" className={classes.muted} style={{ letterSpacing: 1 }}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}
