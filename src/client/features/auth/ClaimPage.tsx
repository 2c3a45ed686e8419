import { Alert, Button, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { claimAccount } from './api';
import { AuthCard } from './AuthCard';
import { NewPasswordForm } from './NewPasswordForm';

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
        <NewPasswordForm
          intro={
            <Text size="sm">
              You have reached the age at which your club hands your player account over to you. Choose your password to take it over.
            </Text>
          }
          passwordLabel="Your new password"
          repeatLabel="Repeat the password"
          submitLabel="Claim my account"
          onSubmit={async (password) => setEmail((await claimAccount(token, password)).email)}
          onLinkError={setLinkError}
        />
      )}
    </AuthCard>
  );
}
