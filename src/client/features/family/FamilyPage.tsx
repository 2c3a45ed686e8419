import { Alert, Anchor, Badge, Box, Button, Card, Container, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CONSENT_LABELS, type ConsentPurpose } from '../../../shared/schemas/guardian';
import type { FamilyChild, FamilyChildView } from '../../../shared/schemas/family';
import { QueryView } from '../../components/QueryView';
import { ApiError, failureMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ReportList } from '../../components/ReportList';
import { declineChild, familyReports, familyChild, familyErasureRequest, familyMe, familyPrivacy, familySignOut, setConsent } from './api';
import { ErasureRequestSection } from '../../components/ErasureRequestSection';
import { displayHost } from '../../components/linkPreview';
import { SIGNED_OUT_STATE } from './signedOut';
import { Loading } from '../../components/Loading';
import { ChildInbox } from './ChildInbox';
import { ChildBirthDate } from './ChildBirthDate';
import { TryoutsSeen } from '../../components/TryoutsSeen';

// The charts library loads when a child is opened, not with "My players".
const ChildProgress = lazy(() => import('./ChildProgress'));

/**
 * /family: "My players". Each child is listed under its own club and opens on its own: what the club
 * has published about that child (score, evaluations with the coach's visible comments, achievements,
 * resources for players) and the consents this guardian gives for them.
 */
/** `childExtra`: what other features show in an opened child's page (app/ composes it: the goals). */
export type ChildExtra = (playerId: number) => ReactNode;

export default function FamilyPage({ childExtra }: { childExtra?: ChildExtra }) {
  const navigate = useNavigate();
  const me = useQuery({ queryKey: ['family', 'me'], queryFn: familyMe, retry: false });
  const [open, setOpen] = useState<number | null>(null);

  // <Navigate> leaves once, after the render: a navigate() call inside the render ran again at every
  // re-render the navigation itself caused (React error #185, maximum update depth).
  if (me.error instanceof ApiError && me.error.status === 401)
    return <Navigate to="/family/sign-in" replace state={SIGNED_OUT_STATE.ended} />;

  const signOut = async () => {
    await familySignOut().catch(() => undefined);
    void navigate('/family/sign-in', { replace: true, state: SIGNED_OUT_STATE.byYou });
  };

  return (
    <Box component="main" py="md">
      <Container size="sm" px="sm">
        <Group justify="space-between" mb="md" wrap="nowrap">
          <Title order={1} size="h2">
            My players
          </Title>
          <Button variant="subtle" onClick={signOut}>
            Sign out
          </Button>
        </Group>
        <QueryView query={me} noun="players" isEmpty={() => false}>
          {(data) =>
            data.children.length === 0 ? (
              <Stack gap="sm" align="flex-start">
                <Text>No player is linked to you any more. Ask your club if you expected to see your child here.</Text>
                <Button onClick={signOut}>Sign out</Button>
              </Stack>
            ) : (
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  Signed in as {data.email}
                </Text>
                {data.children.map((child) => (
                  <ChildCard
                    key={child.id}
                    child={child}
                    open={open === child.id}
                    onToggle={() => setOpen(open === child.id ? null : child.id)}
                    extra={childExtra}
                  />
                ))}
              </Stack>
            )
          }
        </QueryView>
      </Container>
    </Box>
  );
}

function ChildCard({ child, open, onToggle, extra }: { child: FamilyChild; open: boolean; onToggle: () => void; extra?: ChildExtra }) {
  const client = useQueryClient();
  const decline = useMutation({
    mutationFn: () => declineChild(child.id),
    onSuccess: (me) => {
      client.setQueryData(['family', 'me'], me);
      notifySuccess();
    },
    onError: (e) => notifyError(failureMessage(e)),
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`child-${child.id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0, overflowWrap: 'break-word' }}>
          <Title order={2} size="h3" id={`child-${child.id}`}>
            {child.name}
          </Title>
          {child.clubs.map((c) => (
            <Text key={c.name} size="sm" c="dimmed">
              {c.name}: {c.teams.join(', ')}
            </Text>
          ))}
        </div>
        {child.ownAccount ? null : (
          // The button keeps its width: a long team list wraps instead of cutting "Close" to "Clos".
          <Button variant="light" onClick={onToggle} aria-expanded={open} style={{ flexShrink: 0 }}>
            {open ? 'Close' : 'Open'}
          </Button>
        )}
      </Group>
      {child.ownAccount ? (
        // After the hand-over the player decides; by default a guardian sees nothing new (ADR 0019).
        <Text mt="sm" role="status">
          {child.firstName} now manages their own account.
        </Text>
      ) : null}
      {child.ownAccount ? null : <ChildInbox id={child.id} firstName={child.firstName} />}
      {open && !child.ownAccount ? <ChildDetails id={child.id} extra={extra} /> : null}
      <Anchor component="button" type="button" size="xs" c="dimmed" mt="sm" onClick={() => decline.mutate()}>
        This isn&apos;t my child
      </Anchor>
    </Card>
  );
}

function ChildDetails({ id, extra }: { id: number; extra?: ChildExtra | undefined }) {
  const query = useQuery({ queryKey: ['family', 'child', id], queryFn: () => familyChild(id), retry: false });
  return (
    <Box mt="md">
      <QueryView query={query} noun="player" isEmpty={() => false}>
        {(child) => <ChildView child={child} extra={extra} />}
      </QueryView>
    </Box>
  );
}

function ChildView({ child, extra }: { child: FamilyChildView; extra?: ChildExtra | undefined }) {
  const client = useQueryClient();
  const consent = useMutation({
    mutationFn: (change: { purpose: ConsentPurpose; granted: boolean }) => setConsent(child.id, change),
    onSuccess: (view) => {
      client.setQueryData(['family', 'child', child.id], view);
      notifySuccess();
    },
    onError: (e) => notifyError(failureMessage(e)),
  });
  return (
    <Stack gap="md">
      <Suspense fallback={<Loading label="Loading the charts" />}>
        <ChildProgress child={child} />
      </Suspense>
      <TryoutsSeen
        tryouts={child.tryouts.map((t) => ({ session: t.session, date: t.date, evaluators: t.evaluators, agreed: t.agreedOn }))}
      />
      {extra?.(child.id)}
      <section aria-label="Reports">
        <Title order={3} size="h4" mb={4}>
          Reports
        </Title>
        <ChildReports id={child.id} />
      </section>
      <section aria-label="Evaluations">
        <Title order={3} size="h4" mb={4}>
          Evaluations
        </Title>
        {child.evaluations.length === 0 ? (
          <Text size="sm">No evaluations yet.</Text>
        ) : (
          <Stack gap={6}>
            {child.evaluations.map((e, i) => (
              <Box key={i} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} pb={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {e.criterion}
                  </Text>
                  <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
                    {e.score}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {e.date} · {e.by}
                  {e.current ? '' : ' · earlier'}
                </Text>
                {e.comment ? <Text size="sm">{e.comment}</Text> : null}
              </Box>
            ))}
          </Stack>
        )}
      </section>
      <section aria-label="Achievements">
        <Title order={3} size="h4" mb={4}>
          Achievements
        </Title>
        {child.achievements.length === 0 ? (
          <Text size="sm">None yet.</Text>
        ) : (
          child.achievements.map((a, i) => (
            <Text size="sm" key={i}>
              {a.title}
              {a.detail ? `: ${a.detail}` : ''} ({a.date})
            </Text>
          ))
        )}
      </section>
      {child.resources.length ? (
        <section aria-label="Resources">
          <Title order={3} size="h4" mb={4}>
            Resources for players
          </Title>
          {child.resources.map((r, i) => (
            <ResourceLine key={i} resource={r} />
          ))}
        </section>
      ) : null}
      <section aria-label="Consents">
        <Title order={3} size="h4" mb={4}>
          What the club may do
        </Title>
        {!child.mayConsent ? (
          <Alert color="gray" mb="xs">
            Only a guardian with parental responsibility can change these.
          </Alert>
        ) : null}
        <Stack gap="sm">
          {child.consents.map((c) => (
            <Box key={c.purpose}>
              <Switch
                label={CONSENT_LABELS[c.purpose]}
                description={c.text}
                checked={c.mine === true}
                disabled={!child.mayConsent || consent.isPending}
                onChange={(e) => consent.mutate({ purpose: c.purpose, granted: e.currentTarget.checked })}
              />
              <Badge mt={4} size="sm" color={c.effective ? 'green' : 'gray'} variant="light">
                {c.effective ? 'In effect' : 'Not given'}
              </Badge>
              {c.earlierWording ? (
                <Alert color="yellow" mt="xs" p="xs" title="Given under an earlier wording">
                  <Text size="sm">
                    You agreed to version {c.givenVersion} of this wording; the club has since changed it (version {c.version}, shown
                    above). Your consent still counts until you withdraw it.
                  </Text>
                  {child.mayConsent ? (
                    <Button
                      size="xs"
                      mt="xs"
                      variant="light"
                      loading={consent.isPending && consent.variables.purpose === c.purpose}
                      disabled={consent.isPending}
                      onClick={() => consent.mutate({ purpose: c.purpose, granted: true })}
                    >
                      Confirm again
                    </Button>
                  ) : null}
                </Alert>
              ) : null}
            </Box>
          ))}
        </Stack>
        <Text size="xs" c="dimmed" mt="xs">
          When guardians disagree, the stricter choice counts.
        </Text>
      </section>
      <ChildBirthDate child={child} />
      <ChildPrivacy id={child.id} name={child.name} />
    </Stack>
  );
}

/** A resource by its title: the title is the link when there is one; several links are told apart by their site. */
function ResourceLine({ resource: r }: { resource: FamilyChildView['resources'][number] }) {
  if (r.links.length === 1)
    return (
      <Text size="sm">
        <Anchor href={r.links[0]} target="_blank" rel="noreferrer">
          {r.title}
        </Anchor>{' '}
        ({r.category})
      </Text>
    );
  return (
    <Text size="sm">
      {r.title} ({r.category})
      {r.links.map((l) => (
        <Anchor key={l} href={l} target="_blank" rel="noreferrer" ml="xs" aria-label={`${r.title}: ${displayHost(l)}`}>
          {displayHost(l)}
        </Anchor>
      ))}
    </Text>
  );
}

function ChildReports({ id }: { id: number }) {
  const query = useQuery({ queryKey: ['family', 'reports', id], queryFn: () => familyReports(id), retry: false });
  return <ReportList query={query} href={(reportId) => `/family/player/${id}/report/${reportId}`} />;
}

/** The child's erasure requests; a guardian of an active link may ask the club to erase the child's data. */
function ChildPrivacy({ id, name }: { id: number; name: string }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['family', 'privacy', id], queryFn: () => familyPrivacy(id), retry: false });
  return (
    <QueryView query={query} noun="privacy requests" isEmpty={() => false}>
      {(privacy) => (
        <ErasureRequestSection
          privacy={privacy}
          subject={name}
          onRequest={async (reason) => {
            const res = await familyErasureRequest(id, reason);
            client.setQueryData(['family', 'privacy', id], res.data);
            notifySuccess(res.message);
          }}
        />
      )}
    </QueryView>
  );
}
