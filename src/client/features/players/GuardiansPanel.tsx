import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GuardianLink, HandedSignIn } from '../../../shared/schemas/guardian';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { guardiansQuery, useGuardianWrite, useHandOutSignIn } from './api';
import { OneTimeSignInModal } from './OneTimeSignInModal';
import { Panel } from './Panel';

const STATUS_COLOR: Record<GuardianLink['status'], string> = { invited: 'orange', active: 'green', declined: 'gray', revoked: 'red' };

/**
 * GUARDIANS: who the family is (primary first), each link's state; staff add, make primary and revoke
 * (history stays); user managers hand a guardian a one-time sign-in in person (shown once).
 */
export function GuardiansPanel({ playerId, canEdit, canHandOut }: { playerId: number; canEdit: boolean; canHandOut: boolean }) {
  const guardians = useQuery(guardiansQuery(playerId));
  const write = useGuardianWrite(playerId);
  const handOut = useHandOutSignIn(playerId);
  const [handed, setHanded] = useState<{ email: string; signIn: HandedSignIn } | null>(null);
  const [email, setEmail] = useState('');
  const makeSignIn = (g: GuardianLink) =>
    handOut
      .mutateAsync(g.id)
      .then((signIn) => setHanded({ email: g.email, signIn }))
      .catch((e: unknown) => notifyError(failureMessage(e)));
  const forget = () => {
    setHanded(null);
    handOut.reset();
  };
  const run = (path: string, body?: unknown) => write.mutateAsync({ path, body }).catch((e: unknown) => notifyError(failureMessage(e)));
  const flags = (g: GuardianLink, primary: boolean) => ({
    relationship: g.relationship,
    is_primary: primary,
    receives_reports: g.receivesReports,
    parental_responsibility: g.parentalResponsibility,
  });
  const noActive = guardians.data && !guardians.data.some((g) => g.status === 'active');
  return (
    <Panel title="GUARDIANS">
      {noActive ? (
        <Text size="sm" fw={600} mb="xs">
          No active guardian: nothing is consented for this player.
        </Text>
      ) : null}
      <QueryView query={guardians} noun="guardians" isEmpty={(d) => d.length === 0} emptyText="No guardians yet.">
        {(list) => (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((g) => (
              <li key={g.id}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {g.name ? `${g.name} · ` : ''}
                      {g.email}
                    </Text>
                    <Group gap={4}>
                      <Badge size="xs" color={STATUS_COLOR[g.status]} variant="light">
                        {g.status}
                      </Badge>
                      {g.isPrimary ? (
                        <Badge size="xs" variant="outline">
                          primary
                        </Badge>
                      ) : null}
                      {g.bouncedAt ? (
                        <Badge size="xs" color="red" title={g.bounceReason ?? undefined}>
                          e-mail bouncing
                        </Badge>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {g.relationship}
                        {g.parentalResponsibility ? ' · parental responsibility' : ''}
                      </Text>
                    </Group>
                  </div>
                  {(canEdit || canHandOut) && (g.status === 'active' || g.status === 'invited') ? (
                    <Group gap={4}>
                      {canHandOut ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => void makeSignIn(g)}
                          loading={handOut.isPending && handOut.variables === g.id}
                          aria-label={`One-time sign-in for ${g.email}`}
                        >
                          One-time sign-in
                        </Button>
                      ) : null}
                      {canEdit && !g.isPrimary ? (
                        <Button size="compact-xs" variant="subtle" onClick={() => run(`guardian/${g.id}`, flags(g, true))}>
                          Make primary
                        </Button>
                      ) : null}
                      {canEdit ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => run(`guardian/${g.id}/revoke`)}
                          aria-label={`Revoke ${g.email}`}
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </Group>
                  ) : null}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </QueryView>
      {canEdit ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run('guardians', { email }).then(() => setEmail(''));
          }}
        >
          <Group mt="sm" gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Add a guardian (e-mail)"
              type="email"
              size="xs"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" size="xs" loading={write.isPending}>
              Invite
            </Button>
          </Group>
        </form>
      ) : null}
      <OneTimeSignInModal handed={handed?.signIn ?? null} email={handed?.email ?? ''} onClose={forget} />
    </Panel>
  );
}
