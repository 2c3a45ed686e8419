import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { claimFormSchema } from '../../../shared/schemas/handover';
import { ApiError, failureMessage } from '../../lib/api';
import { claimAccount } from './api';
import { AuthCard } from './AuthCard';

/**
 * /claim?token=…: at the hand-over the player claims their own account with the e-mailed one-time
 * link and chooses a password. The token leaves the address bar before anything else happens.
 */
export default function ClaimPage() {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const [email, setEmail] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(token ? null : 'This link is incomplete. Ask your club for a new one.');
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);
  const form = useForm({ initialValues: { password: '', confirm_password: '' }, validate: zod4Resolver(claimFormSchema) });

  const submit = form.onSubmit(async (values) => {
    try {
      setEmail((await claimAccount(token, values.password)).email);
    } catch (e) {
      if (e instanceof ApiError && e.field === 'token') setLinkError(e.message);
      else form.setErrors({ password: failureMessage(e) });
    }
  });

  return (
    <AuthCard title="Claim your account">
      {email ? (
        <>
          <Alert color="green" role="status">
            Your account is yours now. Sign in with {email} and your new password, then choose under My family what your guardians still
            see.
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
        </>
      ) : linkError ? (
        <Alert color="red" role="alert">
          {linkError}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              You have reached the age at which your club hands your player account over to you. Choose your password to take it over.
            </Text>
            <PasswordInput
              label="Your new password"
              description="At least 8 characters; common passwords are refused."
              autoComplete="new-password"
              required
              data-autofocus
              {...form.getInputProps('password')}
            />
            <PasswordInput label="Repeat the password" autoComplete="new-password" required {...form.getInputProps('confirm_password')} />
            <Button type="submit" fullWidth loading={form.submitting}>
              Claim my account
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
