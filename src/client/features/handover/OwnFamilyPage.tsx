import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CONSENT_LABELS } from '../../../shared/schemas/guardian';
import type { OwnGuardian } from '../../../shared/schemas/handover';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { ownFamilyQuery, useOwnFamilyWrite } from './api';

/**
 * /player/{id}/family: after the hand-over the player decides what each guardian still sees (by
 * default nothing new) and who receives reports, and gives their own consents. Before the claim the
 * page says who decides.
 */
export default function OwnFamilyPage() {
  const playerId = Number(useParams().playerId);
  const family = useQuery(ownFamilyQuery(playerId));
  const write = useOwnFamilyWrite(playerId);
  const run = (w: Parameters<typeof write.mutateAsync>[0]) => write.mutateAsync(w).catch((e: unknown) => notifyError(failureMessage(e)));
  const choose = (g: OwnGuardian, change: Partial<{ shares_after_handover: boolean; receives_reports: boolean }>) =>
    run({ guardian: g.id, choice: { shares_after_handover: g.sharesAfterHandover, receives_reports: g.receivesReports, ...change } });
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        My family
      </Title>
      <QueryView query={family} noun="family" isEmpty={() => false}>
        {(f) =>
          f.claimedAt === null ? (
            <Text>
              Your parents or guardians manage your account until you claim it at the hand-over age. Your club will e-mail you a link then.
            </Text>
          ) : (
            <>
              <Text size="sm">
                You manage your own account. Your guardians see nothing new unless you choose so here; what they saw before stays as it was.
              </Text>
              <Card withBorder component="section" aria-labelledby="own-guardians">
                <Title order={2} size="h4" id="own-guardians" mb="sm">
                  Guardians
                </Title>
                {f.guardians.length === 0 ? <Text size="sm">No guardians are linked to you.</Text> : null}
                <Stack gap="md">
                  {f.guardians.map((g) => (
                    <div key={g.id}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {g.name ? `${g.name} · ` : ''}
                        {g.email}
                      </Text>
                      <Group gap="lg" mt={4} wrap="wrap">
                        <Switch
                          label="Sees my new data"
                          aria-label={`${g.email}: sees my new data`}
                          checked={g.sharesAfterHandover}
                          onChange={(e) => void choose(g, { shares_after_handover: e.currentTarget.checked })}
                        />
                        <Switch
                          label="Receives reports"
                          aria-label={`${g.email}: receives reports`}
                          checked={g.receivesReports}
                          onChange={(e) => void choose(g, { receives_reports: e.currentTarget.checked })}
                        />
                      </Group>
                    </div>
                  ))}
                </Stack>
              </Card>
              <Card withBorder component="section" aria-labelledby="own-consents">
                <Title order={2} size="h4" id="own-consents" mb="sm">
                  My consents
                </Title>
                <Stack gap="sm">
                  {f.consents.map((c) => (
                    <div key={c.purpose}>
                      <Switch
                        label={CONSENT_LABELS[c.purpose]}
                        checked={c.granted}
                        onChange={(e) => void run({ purpose: c.purpose, granted: e.currentTarget.checked })}
                      />
                      <Text size="xs" c="dimmed" mt={2}>
                        {c.text}
                      </Text>
                    </div>
                  ))}
                </Stack>
              </Card>
            </>
          )
        }
      </QueryView>
    </Stack>
  );
}
