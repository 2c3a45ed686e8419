import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { loginSchema, type Login, type Me } from '../../../shared/schemas/auth';
import { Loading } from '../../components/Loading';
import { failureMessage } from '../../lib/api';
import { meQuery, useMe } from '../../lib/auth';
import { homeOf } from '../../lib/home';
import { login } from './api';

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export default function LoginPage() {
  const { data: me, isPending } = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Login>({ initialValues: { email: '', password: '' }, validate: zod4Resolver(loginSchema) });

  // One destination for both paths: setQueryData below re-renders into this redirect, which used to
  // race the navigate() after it and drop ?next.
  const destination = (user: Me) => {
    const next = safeNext(params.get('next'));
    const wantsStaff = next?.startsWith('/app') && !user.isPlayer;
    const wantsPlayer = next?.startsWith('/player') && user.isPlayer;
    return !user.mustChangePassword && next && (wantsStaff || wantsPlayer) ? next : homeOf(user);
  };
  if (isPending) return <Loading />;
  if (me) return <Navigate to={destination(me)} replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const data = await login(values);
      client.setQueryData(meQuery.queryKey, data);
      await navigate(destination(data), { replace: true });
    } catch (e) {
      setError(failureMessage(e));
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Sign in
            </Title>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
            <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
            <Button type="submit" loading={form.submitting} fullWidth>
              Sign in
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
              Forgot password?
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
