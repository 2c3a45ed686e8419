import { Alert, Anchor, Box, Container, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { failureMessage } from '../../lib/api';
import { openReportLink } from './api';

/**
 * /report/open?token=…: a report e-mail's one-time link. The token leaves the address bar before it
 * is used once; it signs the guardian into the family portal (or the player into the player area) and
 * opens the report.
 */
export default function ReportLinkPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const token = params.get('token');
  const [error, setError] = useState<string | null>(token ? null : 'This address has no report link in it.');
  const used = useRef(false);

  useEffect(() => {
    if (!token || used.current) return;
    used.current = true;
    setParams({}, { replace: true });
    openReportLink(token)
      .then(async (a) => {
        await client.resetQueries();
        const path =
          a.kind === 'guardian' ? `/family/player/${a.player_id}/report/${a.report_id}` : `/player/${a.player_id}/report/${a.report_id}`;
        navigate(path, { replace: true });
      })
      .catch((e: unknown) => setError(failureMessage(e)));
  }, [token, setParams, navigate, client]);

  return (
    <Box component="main" py="xl">
      <Container size="xs" px="sm">
        <Title order={1} size="h2" mb="md">
          Evaluation report
        </Title>
        {error ? (
          <Stack gap="sm">
            <Alert color="red" role="alert">
              {error}
            </Alert>
            <Anchor component={Link} to="/family/sign-in">
              Parents and guardians: sign in
            </Anchor>
            <Anchor component={Link} to="/login">
              Players: sign in
            </Anchor>
          </Stack>
        ) : (
          <Loading label="Opening the report" />
        )}
      </Container>
    </Box>
  );
}
