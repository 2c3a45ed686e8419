import { Alert, Box, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OFFER_STATE_LABELS } from '../../../shared/schemas/offer';
import { Loading } from '../../components/Loading';
import { failureMessage } from '../../lib/api';
import { answerOfferLink, viewOfferLink } from './api';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * /offer?token=…: an offer e-mail's one-time link, no sign-in. The token leaves the address bar at
 * once (kept in memory); the page shows the first name, the team and the deadline, and one answer.
 */
export default function OfferLinkPage() {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token'));
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);
  const offer = useQuery({
    queryKey: ['offer-link'],
    queryFn: () => viewOfferLink(token!),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
  const answer = useMutation({ mutationFn: (a: 'accept' | 'decline') => answerOfferLink(token!, a) });
  const shown = answer.data ?? offer.data;

  return (
    <Box component="main" py="xl">
      <Container size="xs" px="sm">
        <Title order={1} size="h2" mb="md">
          Team place offer
        </Title>
        {!token ? (
          <Alert color="red" role="alert">
            This address has no offer link in it.
          </Alert>
        ) : offer.isPending ? (
          <Loading label="Opening the offer" />
        ) : offer.isError ? (
          <Alert color="red" role="alert">
            {failureMessage(offer.error)}
          </Alert>
        ) : shown ? (
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <Text size="lg">
                <strong>{shown.first_name}</strong> is offered a place in <strong>{shown.team}</strong>.
              </Text>
              <Text>Please answer by {longDate(shown.deadline)}.</Text>
              {answer.data ? (
                <Alert color={answer.data.state === 'accepted' ? 'green' : 'blue'} role="status" title="Thank you">
                  {answer.data.state === 'accepted'
                    ? `${shown.first_name} has accepted the place in ${shown.team}.`
                    : `You declined the place. The club has been told.`}
                </Alert>
              ) : shown.answerable ? (
                <>
                  {answer.isError ? (
                    <Alert color="red" role="alert">
                      {failureMessage(answer.error)}
                    </Alert>
                  ) : null}
                  <Group grow>
                    <Button
                      size="md"
                      onClick={() => answer.mutate('accept')}
                      loading={answer.isPending && answer.variables === 'accept'}
                      disabled={answer.isPending}
                    >
                      Accept
                    </Button>
                    <Button
                      variant="default"
                      size="md"
                      onClick={() => answer.mutate('decline')}
                      loading={answer.isPending && answer.variables === 'decline'}
                      disabled={answer.isPending}
                    >
                      Decline
                    </Button>
                  </Group>
                  <Text size="sm" c="dimmed">
                    The link works once: your first answer counts.
                  </Text>
                </>
              ) : (
                <Alert color="gray" role="status">
                  This offer can no longer be answered ({OFFER_STATE_LABELS[shown.state].toLowerCase()}).
                </Alert>
              )}
            </Stack>
          </Card>
        ) : null}
      </Container>
    </Box>
  );
}
