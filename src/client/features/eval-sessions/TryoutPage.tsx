import { Alert, Box, Button, Container, Group, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useCallback, useMemo, useState } from 'react';
import { tryoutJoinSchema, type TryoutJoin } from '../../../shared/schemas/eval-session';
import { failureMessage } from '../../lib/api';
import { guestSheet, joinTryout } from './api';
import { ScoringSheet } from './ScoringSheet';

const TOKEN_KEY = 'tryout-token';

/**
 * /tryout: a guest evaluator joins a session with the code its director shows and their name (no
 * account), then scores on the same sheet as staff. The token stays on this device until the session
 * closes, so a reload or a dropped connection keeps the guest in.
 */
export default function TryoutPage() {
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));
  const [ended, setEnded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TryoutJoin>({ initialValues: { code: '', name: '' }, validate: zod4Resolver(tryoutJoinSchema) });
  const source = useMemo(() => (token ? guestSheet(token) : null), [token]);

  const leave = useCallback((message: string | null) => {
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setEnded(message);
  }, []);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const { token: t } = await joinTryout(values);
      localStorage.setItem(TOKEN_KEY, t);
      setEnded(null);
      setToken(t);
    } catch (e) {
      setError(failureMessage(e));
    }
  });

  return (
    <Box component="main" py="md">
      <Container size="sm">
        {source ? (
          <>
            <ScoringSheet source={source} onEnded={leave} />
            <Group justify="center" mt="lg">
              <Button variant="subtle" onClick={() => leave(null)}>
                Leave this session
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Title order={1} size="h2" mb="xs">
              Join a tryout
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              Enter the session code from the session director and your name. You will see and score only this session.
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
            <TextInput label="Your name" autoComplete="name" required mb="md" {...form.getInputProps('name')} />
            <Button type="submit" fullWidth loading={form.submitting}>
              Join
            </Button>
          </form>
        )}
      </Container>
    </Box>
  );
}
