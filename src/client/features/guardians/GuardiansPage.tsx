import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Link } from 'react-router';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { attentionQuery, guardiansListQuery, resendInvitation } from './api';

/** /app/guardians: the families of the players the caller reaches; Unclaimed = invited, never signed in. */
export default function GuardiansPage() {
  const [filter, setFilter] = useState<'all' | 'unclaimed' | 'attention'>('all');
  const [q, setQ] = useState('');
  const pager = useCursorPages();
  const canInvite = useCan()('players', 2);
  const client = useQueryClient();
  const query = useQuery({
    ...guardiansListQuery({ filter: filter === 'attention' ? 'all' : filter, q, after: pager.after }),
    placeholderData: keepPreviousData,
    enabled: filter !== 'attention',
  });
  const [sending, setSending] = useState<number | null>(null);

  const resend = async (id: number) => {
    setSending(id);
    try {
      notifySuccess((await resendInvitation(id)).message);
      await client.invalidateQueries({ queryKey: ['guardians'] });
    } catch (e) {
      notifyError(failureMessage(e));
    } finally {
      setSending(null);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Guardians
      </Title>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(v) => {
            setFilter(v as 'all' | 'unclaimed' | 'attention');
            pager.reset();
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unclaimed', label: 'Unclaimed' },
            { value: 'attention', label: 'Players without consent' },
          ]}
        />
        <TextInput
          aria-label="Search guardians"
          placeholder="Search e-mail or name"
          value={q}
          onChange={(e) => (setQ(e.currentTarget.value), pager.reset())}
        />
      </Group>
      {filter === 'attention' ? <Attention /> : null}
      {filter === 'attention' ? null : (
        <QueryView query={query} noun="guardians" isEmpty={(d) => d.data.length === 0}>
          {(list) => (
            <Stack gap="xs">
              {list.data.map((g) => (
                <Card key={g.id} withBorder padding="sm" component="article" aria-label={g.email}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {g.name ? `${g.name} · ` : ''}
                        {g.email}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {g.players.map((p) => `${p.name} (${p.status})`).join(', ')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {g.lastSignInAt ? `Last signed in ${g.lastSignInAt.slice(0, 10)}` : 'Never signed in'}
                        {g.invitedAt ? ` · invited ${g.invitedAt.slice(0, 10)}` : ''}
                      </Text>
                    </div>
                    <Group gap="xs">
                      {g.unclaimed ? (
                        <Badge color="orange" variant="light">
                          Unclaimed
                        </Badge>
                      ) : null}
                      {canInvite ? (
                        <Button size="xs" variant="light" loading={sending === g.id} onClick={() => void resend(g.id)}>
                          Resend invitation
                        </Button>
                      ) : null}
                    </Group>
                  </Group>
                </Card>
              ))}
              <CursorPager
                page={pager.page}
                pages={Math.ceil(list.total / list.pageSize)}
                next={list.next}
                onNext={pager.next}
                onPrevious={pager.previous}
              />
            </Stack>
          )}
        </QueryView>
      )}
    </Stack>
  );
}

const PURPOSE: Record<string, string> = { reports: 'reports', media: 'photos and video', public_name: 'public name' };

/** Players with no active guardian or a missing consent: what staff must follow up. */
function Attention() {
  const query = useQuery(attentionQuery());
  return (
    <QueryView
      query={query}
      noun="players"
      isEmpty={(d) => d.data.length === 0}
      emptyText="Every player has an active guardian and every consent."
    >
      {(list) => (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {list.total} players
          </Text>
          {list.data.map((p) => (
            <Text key={p.id} size="sm">
              <Anchor component={Link} to={`/app/player/${p.id}`}>
                {p.name}
              </Anchor>
              {' — '}
              {p.activeGuardians === 0 ? 'no active guardian' : `no consent: ${p.missingConsents.map((m) => PURPOSE[m]).join(', ')}`}
            </Text>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}
