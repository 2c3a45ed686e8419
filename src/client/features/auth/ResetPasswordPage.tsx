import { Alert, Anchor, Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPassword } from './api';
import { AuthCard } from './AuthCard';
import { NewPasswordForm } from './NewPasswordForm';

/** The page of the e-mailed link: /reset-password?token=… (single use, 30 minutes). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(token ? null : 'This link is incomplete. Ask for a new one.');

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
        <NewPasswordForm
          passwordLabel="New password"
          repeatLabel="Repeat the new password"
          submitLabel="Set password"
          onSubmit={async (password) => {
            await resetPassword(token, password);
            setDone(true);
          }}
          onLinkError={setLinkError}
        />
      )}
    </AuthCard>
  );
}
