import { Alert, Badge, Button, Card, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  OFFER_STATE_LABELS,
  OFFER_UNDELIVERABLE_LABELS,
  type OfferPreview,
  type OfferRow,
  type OfferSendResult,
  type OfferState,
} from '../../../shared/schemas/offer';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { draftOffersQuery, previewOffers, sendOffers } from './api';
import { TemplatesModal } from './TemplatesModal';
import { dayOffset } from '../../../shared/clock.js';

const STATE_COLORS: Record<OfferState, string> = {
  pending: 'blue',
  accepted: 'green.9',
  declined: 'red.9',
  expired: 'orange.9',
  withdrawn: 'gray',
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const inTwoWeeks = () => dayOffset(14);

/**
 * A finalised draft's offers (docs/product.md#offers): preview who gets an e-mail ("N offers to M
 * recipients", and every player who cannot be reached, with why), send exactly that, and follow each
 * offer's answer. Mounted by the offers page under the draft board.
 */
export function OffersPanel({ draftId }: { draftId: number }) {
  const offers = useQuery(draftOffersQuery(draftId));
  const [templates, setTemplates] = useState(false);
  return (
    <Stack gap="md">
      <QueryView query={offers} noun="offers" isEmpty={() => false}>
        {(data) =>
          data.draft.state !== 'finalised' ? (
            <Alert color="blue">Offers go out once the draft is finalised.</Alert>
          ) : (
            <SendOffers draftId={draftId} unsent={data.unsent} />
          )
        }
      </QueryView>
      <Group justify="space-between">
        <Title order={2} size="h3">
          Offers sent
        </Title>
        <Button variant="default" onClick={() => setTemplates(true)}>
          E-mail texts
        </Button>
      </Group>
      <QueryView
        query={offers}
        noun="offers"
        isEmpty={(d) => d.offers.length === 0}
        emptyText="No offers have been sent for this draft yet."
      >
        {(data) => <OffersTable rows={data.offers} />}
      </QueryView>
      <TemplatesModal opened={templates} onClose={() => setTemplates(false)} />
    </Stack>
  );
}

function SendOffers({ draftId, unsent }: { draftId: number; unsent: number }) {
  const client = useQueryClient();
  const [deadline, setDeadline] = useState(inTwoWeeks);
  const [preview, setPreview] = useState<OfferPreview | null>(null);
  /** The players of the first (default) preview: unticking one previews again without them. */
  const [base, setBase] = useState<{ player_id: number; name: string; team: string }[]>([]);
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<OfferSendResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const ask = useMutation({
    mutationFn: (without: Set<number>) =>
      previewOffers(draftId, {
        deadline,
        ...(without.size ? { player_ids: base.map((b) => b.player_id).filter((id) => !without.has(id)) } : {}),
      }),
    onSuccess: (p, without) => {
      setFailure(null);
      setPreview(p);
      if (!without.size)
        setBase([...p.items, ...p.undeliverable].map((i) => ({ player_id: i.player_id, name: i.name, team: i.team.name })));
    },
    onError: (e) => setFailure(failureMessage(e)),
  });
  const send = useMutation({
    mutationFn: (p: OfferPreview) =>
      sendOffers(draftId, {
        deadline,
        confirmation: p.confirmation,
        ...(excluded.size ? { player_ids: base.map((b) => b.player_id).filter((id) => !excluded.has(id)) } : {}),
      }),
    onSuccess: (r) => {
      setResult(r);
      setPreview(null);
      setBase([]);
      setExcluded(new Set());
      void client.invalidateQueries({ queryKey: ['offers', draftId] });
      void client.invalidateQueries({ queryKey: ['drafts'] });
    },
    onError: (e) => setFailure(failureMessage(e)),
  });
  const toggle = (id: number, on: boolean) => {
    const next = new Set(excluded);
    if (on) next.delete(id);
    else next.add(id);
    if (next.size === base.length) return;
    setExcluded(next);
    ask.mutate(next);
  };
  const reason = new Map((preview?.undeliverable ?? []).map((u) => [u.player_id, OFFER_UNDELIVERABLE_LABELS[u.reason]]));
  const to = new Map(
    (preview?.items ?? []).map((i) => [i.player_id, i.to.map((r) => `${r.email}${r.kind === 'player' ? ' (player)' : ''}`).join(', ')]),
  );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="send-title">
      <Title order={2} size="h3" id="send-title">
        Send offers
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {unsent} selected {unsent === 1 ? 'player has' : 'players have'} no offer yet. Each family answers by a one-time link; a decline or
        a passed deadline offers the place to the team&apos;s next waitlisted player.
      </Text>
      {result ? (
        <Alert color={result.failed ? 'orange' : 'green'} role="status" title="Offers sent" mb="sm">
          {result.offers} {result.offers === 1 ? 'offer' : 'offers'} sent to {result.sent} {result.sent === 1 ? 'recipient' : 'recipients'}
          {result.failed ? `, ${result.failed} e-mails failed` : ''}.
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" mb="sm">
          {failure}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="Answer by"
          value={deadline}
          onChange={(e) => {
            setDeadline(e.currentTarget.value);
            setPreview(null);
            setBase([]);
            setExcluded(new Set());
          }}
          w={180}
        />
        <Button
          variant="default"
          onClick={() => ask.mutate(new Set())}
          loading={ask.isPending && !preview}
          disabled={!deadline || unsent === 0}
        >
          Preview offers
        </Button>
      </Group>
      {preview ? (
        <Stack gap="xs" mt="md">
          <Title order={3} size="h4" aria-live="polite">
            {preview.offers} {preview.offers === 1 ? 'offer' : 'offers'} to {preview.recipients}{' '}
            {preview.recipients === 1 ? 'recipient' : 'recipients'}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label="Offers to send">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Send</Table.Th>
                  <Table.Th>Player</Table.Th>
                  <Table.Th>Team</Table.Th>
                  <Table.Th>Recipients</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {base.map((b) => (
                  <Table.Tr key={b.player_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Offer a place to ${b.name}`}
                        checked={!excluded.has(b.player_id)}
                        onChange={(e) => toggle(b.player_id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{b.name}</Table.Td>
                    <Table.Td>{b.team}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {excluded.has(b.player_id) ? (
                        <Text size="sm" c="dimmed">
                          Not in this send
                        </Text>
                      ) : reason.has(b.player_id) ? (
                        <Text size="sm" c="red.9">
                          Cannot be sent: {reason.get(b.player_id)}
                        </Text>
                      ) : (
                        to.get(b.player_id)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group>
            <Button onClick={() => send.mutate(preview)} loading={send.isPending} disabled={preview.offers === 0 || ask.isPending}>
              Send {preview.offers} {preview.offers === 1 ? 'offer' : 'offers'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}

function OffersTable({ rows }: { rows: OfferRow[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Offers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Player</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Sent to</Table.Th>
            <Table.Th>Deadline</Table.Th>
            <Table.Th>Answered</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                {o.name}
                {o.replaces_offer_id ? (
                  <Text size="xs" c="dimmed">
                    from the waiting list
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{o.team.name}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[o.state]} miw="max-content">
                  {OFFER_STATE_LABELS[o.state]}
                </Badge>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {o.to.length ? o.to.map((r) => r.email).join(', ') : 'Nobody (no e-mail)'}
              </Table.Td>
              <Table.Td>{day(o.deadline)}</Table.Td>
              <Table.Td>
                {o.answered_at
                  ? `${day(o.answered_at)}${o.answered_by ? ` (${o.answered_by === 'deadline' ? 'deadline' : `by ${o.answered_by}`})` : ''}`
                  : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
