import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, Navigate, useNavigate } from 'react-router';
import { changePasswordFormSchema, type ChangePasswordForm } from '../../../shared/schemas/password';
import { Loading } from '../../components/Loading';
import { ApiError, failureMessage } from '../../lib/api';
import { meQuery, useMe } from '../../lib/auth';
import { homeOf } from '../../lib/home';
import { notifySuccess } from '../../lib/notify';
import { useSignOut } from '../../lib/useSignOut';
import { changePassword } from './api';
import { AuthCard } from './AuthCard';

/** /account/password: change one's own password; the first stop after signing in with a temporary one. */
export default function ChangePasswordPage() {
  const { data: me, isPending } = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const form = useForm<ChangePasswordForm>({
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: zod4Resolver(changePasswordFormSchema),
  });

  if (isPending) return <Loading />;
  if (!me) return <Navigate to="/login?next=%2Faccount%2Fpassword" replace />;
  const forced = me.mustChangePassword;

  const submit = form.onSubmit(async (values) => {
    try {
      await changePassword(values.current_password, values.new_password);
      notifySuccess();
      const fresh = await client.fetchQuery({ ...meQuery, staleTime: 0 });
      await navigate(fresh ? homeOf(fresh) : '/login', { replace: true });
    } catch (e) {
      const field = e instanceof ApiError && e.field === 'current_password' ? 'current_password' : 'new_password';
      form.setErrors({ [field]: failureMessage(e) });
    }
  });

  return (
    <AuthCard title="Change password">
      {forced ? (
        <Alert color="blue" role="status">
          You signed in with a temporary password. Choose your own password to continue.
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={forced ? 'Temporary password' : 'Current password'}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters; common passwords are refused. Your other sessions are signed out."
            autoComplete="new-password"
            required
            {...form.getInputProps('new_password')}
          />
          <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...form.getInputProps('confirm_password')} />
          <Button type="submit" fullWidth loading={form.submitting}>
            Change password
          </Button>
        </Stack>
      </form>
      <Group justify="center">
        {forced ? (
          <Anchor component="button" type="button" size="sm" onClick={() => void signOut()}>
            Sign out
          </Anchor>
        ) : (
          <Anchor component={Link} to={homeOf(me)} size="sm">
            Back
          </Anchor>
        )}
      </Group>
    </AuthCard>
  );
}
