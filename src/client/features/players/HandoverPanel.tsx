import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { handoverQuery, useSendClaimLink } from './api';
import { Panel } from './Panel';

const day = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** HAND-OVER: when the player takes over their account, and (for user managers) the claim link. */
export function HandoverPanel({ playerId, canSend }: { playerId: number; canSend: boolean }) {
  const status = useQuery(handoverQuery(playerId));
  const send = useSendClaimLink(playerId);
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Panel title="HAND-OVER">
      <QueryView query={status} noun="hand-over" isEmpty={() => false}>
        {(s) => (
          <Stack gap="xs">
            <Text size="sm">
              {s.handoverDate === null
                ? 'No birth year: the hand-over date is unknown.'
                : `${s.reached ? 'Reached the hand-over age' : 'Reaches the hand-over age'} (${s.handoverAge}) on ${day(s.handoverDate)}.`}
            </Text>
            {s.noticeAt ? <Text size="sm">Family told on {day(s.noticeAt)}.</Text> : null}
            <Text size="sm" fw={600}>
              {s.claimedAt
                ? `Claimed by the player on ${day(s.claimedAt)}: the player decides what guardians see.`
                : 'Not claimed yet: the guardians manage this account.'}
            </Text>
            {canSend && s.reached && !s.claimedAt ? (
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  setError(null);
                  send.mutateAsync(email ?? s.playerEmail ?? '').catch((err: unknown) => setError(failureMessage(err)));
                }}
              >
                <Group align="flex-end" gap="xs" wrap="wrap">
                  <TextInput
                    label="Player's own e-mail"
                    type="email"
                    size="sm"
                    style={{ flex: '1 1 220px' }}
                    value={email ?? s.playerEmail ?? ''}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                    error={error}
                  />
                  <Button type="submit" size="sm" loading={send.isPending}>
                    Send claim link
                  </Button>
                </Group>
              </form>
            ) : null}
          </Stack>
        )}
      </QueryView>
    </Panel>
  );
}
