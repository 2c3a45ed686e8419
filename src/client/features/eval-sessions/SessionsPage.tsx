import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { plural } from '../../../shared/messages';
import { SESSION_STATES, type EvalSession, type SessionState } from '../../../shared/schemas/eval-session';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { useCan } from '../../lib/auth';
import { sessionsQuery } from './api';
import { SessionFormModal } from './SessionFormModal';
import { SessionStateBadge } from './SessionStateBadge';

const days = (s: EvalSession) => (s.startDate === s.endDate ? s.startDate : `${s.startDate} – ${s.endDate}`);

function SessionCard({ session }: { session: EvalSession }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={session.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
        <Anchor component={Link} to={`/app/sessions/${session.id}`} fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {session.name}
        </Anchor>
        <SessionStateBadge state={session.state} />
      </Group>
      <Text size="sm" c="dimmed">
        {days(session)}
        {session.seasonName ? ` · ${session.seasonName}` : ''}
        {session.categoryName ? ` · ${session.categoryName}` : ''}
      </Text>
      <Text size="sm" mt={4}>
        {session.playerCount} {plural(session.playerCount, 'player', 'players')} ({session.presentCount} checked in) ·{' '}
        {session.evaluatorCount} {plural(session.evaluatorCount, 'evaluator', 'evaluators')} · {session.criteria.length}{' '}
        {plural(session.criteria.length, 'criterion', 'criteria')}
      </Text>
      {session.isEvaluator && session.state === 'open' ? (
        <Button component={Link} to={`/app/sessions/${session.id}/score`} mt="sm" size="sm" fullWidth>
          Score
        </Button>
      ) : null}
    </Card>
  );
}

/** /app/sessions: tryouts and assessments scored by several evaluators. */
export default function SessionsPage() {
  const can = useCan();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQuery);
  const [creating, setCreating] = useState(false);
  const manage = can('sessions', 2);
  // ?state=open: the dashboard's link to the open sessions.
  const [search, setSearch] = useSearchParams();
  const stateParam = search.get('state');
  const state = SESSION_STATES.includes(stateParam as SessionState) ? (stateParam as SessionState) : null;

  return (
    <>
      <PageHeader title="Evaluation sessions">
        <Group gap="sm">
          <Button component={Link} to="/app/sessions/evaluators" variant="light">
            {manage ? 'Evaluator history' : 'My evaluator history'}
          </Button>
          {manage ? (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              New session
            </Button>
          ) : null}
        </Group>
      </PageHeader>
      <Stack gap="md">
        <Text c="dimmed" size="sm" maw={720}>
          A session gathers several evaluators around the same players, as at a tryout. Scores stay blind until the director unlocks the
          results, and publishing turns each player's mean into an evaluation.
        </Text>
        {state ? (
          <Group gap={6}>
            <Badge variant="light" size="lg" tt="none">
              Only {state} sessions
            </Badge>
            <Button variant="subtle" size="compact-sm" onClick={() => setSearch({})}>
              Clear filter
            </Button>
          </Group>
        ) : null}
        <QueryView
          query={sessions}
          noun="sessions"
          isEmpty={(data) => !data.some((s) => !state || s.state === state)}
          emptyText={
            state
              ? `No ${state} sessions.`
              : manage
                ? 'No sessions yet. Create one for your next tryout.'
                : 'You are not an evaluator in any session yet.'
          }
        >
          {(data) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {data
                .filter((s) => !state || s.state === state)
                .map((s) => (
                  <SessionCard key={s.id} session={s} />
                ))}
            </SimpleGrid>
          )}
        </QueryView>
      </Stack>
      {manage ? (
        <SessionFormModal
          opened={creating}
          onClose={() => setCreating(false)}
          session={null}
          onSaved={(id) => void navigate(`/app/sessions/${id}`)}
        />
      ) : null}
    </>
  );
}
