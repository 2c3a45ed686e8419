import { Alert, Box, Button, Container, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { failureMessage } from '../../lib/api';
import { requestFamilyLink, startFamilySession } from './api';
import { SIGNED_OUT_TEXT } from './signedOut';

/**
 * /family/sign-in: parents and guardians sign in without a password. The e-mailed one-time link opens
 * this page with its token, which is exchanged once for a family session; without a token the page
 * asks for the e-mail address to send a new link to.
 */
export default function FamilySignInPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  // Sent here from a family page without a session, or by Sign out: say which.
  const reason = (useLocation().state as { signedOut?: string } | null)?.signedOut;
  const why = reason ? SIGNED_OUT_TEXT[reason] : undefined;
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const used = useRef(false);

  useEffect(() => {
    if (!token || used.current) return;
    used.current = true;
    // The token leaves the address bar (and the history) before it is used.
    setParams({}, { replace: true });
    startFamilySession(token)
      .then(() => navigate('/family', { replace: true }))
      .catch((e: unknown) => setError(failureMessage(e)));
  }, [token, setParams, navigate]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSent((await requestFamilyLink(email)).message);
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" py="md">
      <Container size="xs">
        <Title order={1} size="h2" mb="xs">
          Family sign-in
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Parents and guardians sign in with a link sent by e-mail. No password needed.
        </Text>
        {why && !token && !sent ? (
          <Alert color="blue" role="status" mb="md">
            {why}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" mb="md">
            {error}
          </Alert>
        ) : null}
        {sent ? (
          <Alert color="blue" role="status" mb="md">
            {sent}
          </Alert>
        ) : null}
        {token && !error ? (
          <Text role="status">Signing you in…</Text>
        ) : (
          <form onSubmit={submit} noValidate>
            <TextInput
              label="Your e-mail address"
              type="email"
              autoComplete="email"
              required
              mb="md"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={busy}>
              E-mail me a sign-in link
            </Button>
          </form>
        )}
      </Container>
    </Box>
  );
}
