import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../../../shared/schemas/password';
import { ApiError, failureMessage } from '../../lib/api';
import { resetPassword } from './api';
import { AuthCard } from './AuthCard';

/** The page of the e-mailed link: /reset-password?token=… (single use, 30 minutes). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(token ? null : 'This link is incomplete. Ask for a new one.');
  const form = useForm<ResetPasswordForm>({
    initialValues: { new_password: '', confirm_password: '' },
    validate: zod4Resolver(resetPasswordFormSchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await resetPassword(token, values.new_password);
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.field === 'token') setLinkError(e.message);
      else form.setErrors({ new_password: failureMessage(e) });
    }
  });

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <>
          <Alert color="green" role="status">
            Your password has been changed. Sign in with your new password.
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
        </>
      ) : linkError ? (
        <>
          <Alert color="red" role="alert">
            {linkError}
          </Alert>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Ask for a new link
          </Anchor>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordInput
              label="New password"
              description="At least 8 characters; common passwords are refused."
              autoComplete="new-password"
              required
              data-autofocus
              {...form.getInputProps('new_password')}
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirm_password')}
            />
            <Button type="submit" fullWidth loading={form.submitting}>
              Set password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
