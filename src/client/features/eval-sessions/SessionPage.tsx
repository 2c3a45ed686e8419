import { Alert, Anchor, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { SessionDetail } from '../../../shared/schemas/eval-session';
import { ConfirmModal } from '../../components/ConfirmModal';
import { Loading } from '../../components/Loading';
import { ApiError, failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { sessionQuery, useDeleteSession, useTransition, type Transition } from './api';
import { CalibrationPanel } from './CalibrationPanel';
import { CheckInPanel } from './CheckInPanel';
import { EvaluatorsPanel } from './EvaluatorsPanel';
import { ProgressPanel } from './ProgressPanel';
import { ResultsPanel } from './ResultsPanel';
import { SessionFormModal } from './SessionFormModal';
import { SessionStateBadge } from './SessionStateBadge';

const spaced = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

function GuestCode({ code }: { code: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm">Guest evaluators open {window.location.origin}/tryout and enter</Text>
      <Title order={2} ff="monospace" aria-label={`Session code ${code.split('').join(' ')}`} data-testid="guest-code">
        {spaced(code)}
      </Title>
      <Text size="xs">The code works until the session closes and opens this session's scoring sheet only.</Text>
    </Card>
  );
}

/** The director's buttons for the session's next steps. */
function Actions({ detail, onEdit, onDelete }: { detail: SessionDetail; onEdit: () => void; onDelete: () => void }) {
  const s = detail.session;
  const move = useTransition(s.id);
  const [publishing, setPublishing] = useState(false);
  const go = (name: Transition) => move.mutateAsync(name).catch((e: unknown) => notifyError(failureMessage(e)));
  return (
    <Group gap="xs">
      {s.isEvaluator && s.state === 'open' ? (
        <Button component={Link} to={`/app/sessions/${s.id}/score`} variant="filled">
          Score
        </Button>
      ) : null}
      {s.state !== 'published' ? (
        <Button variant="default" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      {s.state === 'draft' || s.state === 'closed' ? (
        <Button onClick={() => void go('open')} loading={move.isPending && move.variables === 'open'}>
          {s.state === 'draft' ? 'Open session' : 'Reopen'}
        </Button>
      ) : null}
      {s.state === 'open' ? (
        <Button variant="default" onClick={() => void go('close')} loading={move.isPending && move.variables === 'close'}>
          Close session
        </Button>
      ) : null}
      {s.state === 'closed' ? <Button onClick={() => setPublishing(true)}>Publish</Button> : null}
      {s.state === 'draft' ? (
        <Button variant="default" color="red" onClick={onDelete}>
          Delete
        </Button>
      ) : null}
      <ConfirmModal
        opened={publishing}
        title="Publish results"
        onClose={() => setPublishing(false)}
        onConfirm={() => move.mutateAsync('publish')}
        confirmLabel="Publish"
        color="blue"
      >
        Each complete player's means become evaluations dated the session's last day, and count on leaderboards at once. Incomplete players
        are not published. A published session cannot be changed.
      </ConfirmModal>
    </Group>
  );
}

/** /app/sessions/:sessionId: check-in, evaluators, progress and results of one session. */
export default function SessionPage() {
  const id = Number(useParams().sessionId);
  const navigate = useNavigate();
  const detail = useQuery(sessionQuery(id));
  const remove = useDeleteSession(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [tab, setTab] = useState<string | null>('check-in');

  const status = detail.error instanceof ApiError ? detail.error.status : null;
  useEffect(() => {
    if (status === 404 || status === 400) void navigate('/app/not-found', { replace: true });
    else if (status === 403) void navigate('/app/unauthorized', { replace: true });
  }, [status, navigate]);

  if (detail.isPending) return <Loading label="Loading the session" />;
  if (!detail.data) {
    return (
      <Alert color="red" role="alert">
        The session could not be loaded. Please reload the page.
      </Alert>
    );
  }
  const d = detail.data;
  const s = d.session;
  const tabs = [
    {
      value: 'check-in',
      label: (
        <>
          Check-in ({s.presentCount}/{s.playerCount})
        </>
      ),
      panel: <CheckInPanel detail={d} />,
    },
    { value: 'evaluators', label: <>Evaluators ({s.evaluatorCount})</>, panel: <EvaluatorsPanel detail={d} /> },
    { value: 'calibration', label: 'Calibration', panel: <CalibrationPanel detail={d} /> },
    { value: 'progress', label: 'Progress', panel: <ProgressPanel session={s} /> },
    { value: 'results', label: 'Results', panel: <ResultsPanel session={s} /> },
  ];

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/sessions" size="sm">
        ← Sessions
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2">
              {s.name}
            </Title>
            <SessionStateBadge state={s.state} />
          </Group>
          <Text size="sm" c="dimmed">
            {s.startDate === s.endDate ? s.startDate : `${s.startDate} – ${s.endDate}`} · {s.minEvaluators} evaluators per player ·{' '}
            {s.criteria.map((c) => `${c.name} ${c.weight}%`).join(', ')}
          </Text>
        </div>
        {s.canManage ? <Actions detail={d} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} /> : null}
      </Group>
      {s.guestCode ? <GuestCode code={s.guestCode} /> : null}
      {!s.canManage ? (
        <Text>
          {s.state === 'open'
            ? 'The session is open: score your players from the sheet.'
            : 'Scoring opens when the director opens the session.'}
          {s.state === 'open' ? (
            <Button component={Link} to={`/app/sessions/${s.id}/score`} ml="sm" size="xs">
              Score
            </Button>
          ) : null}
        </Text>
      ) : null}
      {!s.canManage ? (
        <CalibrationPanel detail={d} />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value} pt="md">
              {t.panel}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {s.canManage ? (
        <>
          <SessionFormModal opened={editing} onClose={() => setEditing(false)} session={s} />
          <ConfirmModal
            opened={deleting}
            title="Delete session"
            onClose={() => setDeleting(false)}
            onConfirm={async () => {
              await remove.mutateAsync(undefined);
              void navigate('/app/sessions');
            }}
          >
            Are you sure you want to delete {s.name}? Its check-ins and scores go with it.
          </ConfirmModal>
        </>
      ) : null}
    </Stack>
  );
}
