import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Cycle } from '../../../shared/schemas/report';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { useCan } from '../../lib/auth';
import { cyclesQuery } from './api';
import { CycleFormModal } from './CycleFormModal';

const COUNTED = ['draft', 'approved', 'sent', 'viewed', 'revoked'] as const;

/** /app/reports: the evaluation cycles of the teams the caller reaches, each team leading to its reports. */
export default function ReportsPage() {
  const canWrite = useCan()('reports', 2);
  const query = useQuery(cyclesQuery());
  const [editing, setEditing] = useState<Cycle | null | undefined>(undefined);

  return (
    <Stack gap="md">
      <PageHeader title="Reports">{canWrite ? <Button onClick={() => setEditing(null)}>New cycle</Button> : null}</PageHeader>
      <QueryView query={query} noun="evaluation cycles" isEmpty={(d) => d.length === 0} emptyText="No evaluation cycles yet.">
        {(cycles) => (
          <Stack gap="sm">
            {cycles.map((c) => (
              <Card key={c.id} withBorder padding="md" component="section" aria-label={c.name}>
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} size="lg" component="h2" m={0}>
                      {c.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {c.season.name} · {c.opens_on} to {c.closes_on}
                      {c.show_team_average ? ' · team average shown' : ''}
                      {c.show_rank ? ' · rank shown' : ''}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {COUNTED.filter((s) => c.counts[s] > 0)
                        .map((s) => `${c.counts[s]} ${s}`)
                        .join(' · ') || 'No reports yet'}
                    </Text>
                  </div>
                  {canWrite && c.editable ? (
                    <Button variant="default" size="xs" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
                      Edit
                    </Button>
                  ) : null}
                </Group>
                <Group gap="xs" mt="sm" wrap="wrap">
                  {c.teams.map((t) => (
                    <Anchor key={t.id} component={Link} to={`/app/reports/${c.id}/team/${t.id}`} aria-label={`${c.name}: ${t.name}`}>
                      {t.name}
                    </Anchor>
                  ))}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryView>
      <CycleFormModal opened={editing !== undefined} onClose={() => setEditing(undefined)} cycle={editing ?? null} />
    </Stack>
  );
}
