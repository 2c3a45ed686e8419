import { Alert, Box, Button, Container, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MSG } from '../../../shared/messages';
import { tryoutJoinSchema, type TryoutJoin } from '../../../shared/schemas/eval-session';
import { Loading } from '../../components/Loading';
import { ApiError, failureMessage } from '../../lib/api';
import { guestSheet, joinTryout, leaveTryout, tryoutClosed, tryoutStatusQuery } from './api';
import { ScoringSheet } from './ScoringSheet';
import { queued } from './scoreQueue';

const TOKEN_KEY = 'tryout-token';

/** While the director has not let the guest in: who they are, and a way out for the wrong person. */
function Waiting({ token, onLeave, onEnded }: { token: string; onLeave: () => void; onEnded: (message: string) => void }) {
  const status = useQuery(tryoutStatusQuery(token));
  useEffect(() => {
    if (status.error instanceof ApiError && status.error.status === 401) onEnded(status.error.message);
  }, [status.error, onEnded]);
  return (
    <Stack gap="md" align="center" ta="center" py="xl">
      <Loader aria-hidden />
      <Title order={1} size="h2">
        Waiting for the session director
      </Title>
      <Text role="status">
        {status.data ? `You joined ${status.data.sessionName} as ${status.data.name}. ` : ''}The director lets you in from their screen;
        your sheet opens here as soon as they do.
      </Text>
      <Button variant="default" onClick={onLeave}>
        Not you? Leave
      </Button>
    </Stack>
  );
}

/**
 * /tryout: a guest evaluator joins a session with the code its director shows and a name no one else
 * in the session uses (no account), waits until the director lets them in, then scores on the same
 * sheet as staff. The token stays on this device until the guest leaves or the session closes, so a
 * reload or a dropped connection keeps the guest in; Leave and Not you? end it on the server, so the
 * next volunteer on a shared phone starts from this form. When the session closes, the sheet says so
 * and shows what did not count; with nothing of the guest's left on this phone, the form thanks them.
 */
export default function TryoutPage() {
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));
  const [ended, setEnded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TryoutJoin>({ initialValues: { code: '', name: '' }, validate: zod4Resolver(tryoutJoinSchema) });
  const status = useQuery({ ...tryoutStatusQuery(token ?? ''), enabled: !!token });
  const closed = !!token && tryoutClosed(status.error);
  const admitted = !!token && status.data?.admitted === true;
  // Closed before this page loaded: the sheet only if scores of this guest wait on this phone.
  const [closedWithScores, setClosedWithScores] = useState(false);
  const source = useMemo(() => (token && (admitted || closedWithScores) ? guestSheet(token) : null), [token, admitted, closedWithScores]);

  const forget = useCallback((message: string | null) => {
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setClosedWithScores(false);
    setEnded(message);
  }, []);
  useEffect(() => {
    if (!closed || admitted || !token) return;
    let live = true;
    void queued(guestSheet(token).key).then((rows) => {
      if (!live) return;
      if (rows.length) setClosedWithScores(true);
      else forget(MSG.tryoutClosed);
    });
    return () => {
      live = false;
    };
  }, [closed, admitted, token, forget]);
  const leave = useCallback(() => {
    if (token) void leaveTryout(token).catch(() => undefined);
    form.reset();
    forget('You have left the session. The next volunteer can join with the code.');
  }, [token, form, forget]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const { token: t } = await joinTryout(values);
      localStorage.setItem(TOKEN_KEY, t);
      setEnded(null);
      setToken(t);
    } catch (e) {
      if (e instanceof ApiError && (e.field === 'name' || e.field === 'code')) form.setFieldError(e.field, e.message);
      else setError(failureMessage(e));
    }
  });

  return (
    <Box component="main" py="md">
      <Container size="sm">
        {source ? (
          <>
            <ScoringSheet source={source} closed={closed} onEnded={forget} onNotMe={leave} />
            <Group justify="center" mt="lg">
              <Button variant="subtle" onClick={leave}>
                Leave this session
              </Button>
            </Group>
          </>
        ) : token && closed ? (
          <Loading label="Loading the sheet" />
        ) : token ? (
          <Waiting token={token} onLeave={leave} onEnded={forget} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Title order={1} size="h2" mb="xs">
              Join a tryout
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              Enter the session code from the session director and your name. The director lets you in; you will see and score only this
              session.
            </Text>
            {ended ? (
              <Alert color="blue" role="status" mb="md">
                {ended}
              </Alert>
            ) : null}
            {error ? (
              <Alert color="red" role="alert" mb="md">
                {error}
              </Alert>
            ) : null}
            <TextInput
              label="Session code"
              placeholder="ABCD-2345"
              autoCapitalize="characters"
              autoComplete="off"
              required
              mb="sm"
              {...form.getInputProps('code')}
            />
            <TextInput label="Your name" autoComplete="off" required mb="md" {...form.getInputProps('name')} />
            <Button type="submit" fullWidth loading={form.submitting}>
              Join
            </Button>
          </form>
        )}
      </Container>
    </Box>
  );
}
