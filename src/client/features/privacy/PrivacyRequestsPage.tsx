import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PrivacyRequest } from '../../../shared/schemas/privacy';
import { ConfirmModal } from '../../components/ConfirmModal';
import { QueryView } from '../../components/QueryView';
import { notifySuccess } from '../../lib/notify';
import { decideRequest, privacyRequestsQuery } from './api';

const day = (iso: string) => iso.slice(0, 10);
const BY: Record<PrivacyRequest['requestedBy'], string> = {
  guardian: 'a guardian',
  player: 'the player',
  admin: 'an admin on their behalf',
};

function Deadline({ r }: { r: PrivacyRequest }) {
  if (r.status !== 'open') {
    return (
      <Badge color={r.status === 'erased' ? 'gray' : 'blue'} variant="light">
        {r.status === 'erased' ? 'Erased' : 'Refused'} {r.decidedAt ? day(r.decidedAt) : ''}
      </Badge>
    );
  }
  const left = r.daysLeft ?? 0;
  const color = left < 0 ? 'red' : left <= 7 ? 'orange' : 'green';
  const text = left < 0 ? `Overdue by ${-left} day${left === -1 ? '' : 's'}` : `${left} day${left === 1 ? '' : 's'} left`;
  return (
    <Badge color={color} variant="light">
      Due {day(r.dueAt)} · {text}
    </Badge>
  );
}

/** /app/privacy: erasure requests, open ones first by deadline; an admin approves (erases) or refuses with a reason. */
export default function PrivacyRequestsPage() {
  const [show, setShow] = useState<'open' | 'all'>('open');
  const query = useQuery({ ...privacyRequestsQuery(show === 'open'), placeholderData: keepPreviousData });
  const client = useQueryClient();
  const [deciding, setDeciding] = useState<{ request: PrivacyRequest; decision: 'approve' | 'refuse' } | null>(null);
  const [reason, setReason] = useState('');

  const decide = async () => {
    if (!deciding) return;
    const res = await decideRequest(deciding.request.id, { decision: deciding.decision, reason });
    notifySuccess(res.message);
    setReason('');
    await client.invalidateQueries();
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Privacy requests
      </Title>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Show"
          value={show}
          onChange={(v) => setShow(v as 'open' | 'all')}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'all', label: 'All' },
          ]}
        />
        {query.data ? (
          <Text size="sm" aria-live="polite">
            {query.data.counts.open} open · {query.data.counts.overdue} overdue · {query.data.counts.dueSoon} due within 7 days
          </Text>
        ) : null}
      </Group>
      <QueryView query={query} noun="privacy requests" isEmpty={(d) => d.requests.length === 0} emptyText="No privacy requests.">
        {(list) => (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.requests.map((r) => (
              <Card key={r.id} withBorder padding="sm" component="li" aria-label={`Erasure request for ${r.playerName}`}>
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/app/player/${r.playerId}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {r.playerName}
                    </Anchor>
                    <Text size="sm">
                      Erasure requested {day(r.createdAt)} by {BY[r.requestedBy]}
                    </Text>
                    {r.reason ? (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        “{r.reason}”
                      </Text>
                    ) : null}
                    {r.status === 'refused' && r.decisionReason ? (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        Refused by {r.decidedBy}: {r.decisionReason}
                      </Text>
                    ) : null}
                    <Group gap="xs">
                      <Deadline r={r} />
                    </Group>
                  </Stack>
                  {r.status === 'open' ? (
                    <Group gap="xs">
                      <Button size="xs" color="red" onClick={() => setDeciding({ request: r, decision: 'approve' })}>
                        Approve and erase
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setDeciding({ request: r, decision: 'refuse' })}>
                        Refuse
                      </Button>
                    </Group>
                  ) : null}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryView>
      <ConfirmModal
        title={deciding?.decision === 'approve' ? 'Approve and erase' : 'Refuse the request'}
        opened={!!deciding}
        onClose={() => setDeciding(null)}
        confirmLabel={deciding?.decision === 'approve' ? 'Erase' : 'Refuse'}
        color={deciding?.decision === 'approve' ? 'red' : 'blue'}
        disabled={deciding?.decision === 'refuse' && reason.trim() === ''}
        onConfirm={decide}
      >
        {deciding?.decision === 'approve' ? (
          <Text size="sm">
            Erase {deciding.request.playerName}? Names, e-mails, photos, files, notes, achievements and reports are deleted and the sign-in
            is closed; scores stay without a name. This cannot be undone.
          </Text>
        ) : (
          <Textarea
            label="Reason for refusing"
            required
            value={reason}
            maxLength={2000}
            autosize
            minRows={2}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
      </ConfirmModal>
    </Stack>
  );
}
