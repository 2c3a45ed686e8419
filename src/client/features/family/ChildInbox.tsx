import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ReportRows } from '../../components/ReportList';
import { answerFamilyOffer, familyInbox } from './api';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What waits for the family about one child, on _My players_ without opening it: open team place
 * offers (answered here, no e-mailed link needed) and the reports sent to this guardian not yet read.
 * Nothing shows when nothing waits.
 */
export function ChildInbox({ id, firstName }: { id: number; firstName: string }) {
  const client = useQueryClient();
  const inbox = useQuery({ queryKey: ['family', 'inbox', id], queryFn: () => familyInbox(id), retry: false });
  const answer = useMutation({
    mutationFn: (a: { offerId: number; answer: 'accept' | 'decline' }) => answerFamilyOffer(id, a.offerId, a.answer),
    onSuccess: (next, a) => {
      client.setQueryData(['family', 'inbox', id], next);
      void client.invalidateQueries({ queryKey: ['family', 'me'] });
      notifySuccess(a.answer === 'accept' ? `${firstName} has accepted the place.` : 'You declined the place. The club has been told.');
    },
    onError: (e) => notifyError(failureMessage(e)),
  });
  const data = inbox.data;
  if (!data || (data.offers.length === 0 && data.reports.length === 0)) return null;
  return (
    <Stack gap="sm" mt="sm">
      {data.offers.length ? (
        <Box component="section" aria-label={`Open offers for ${firstName}`}>
          <Title order={3} size="h5" mb={4}>
            Team place offers
          </Title>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.offers.map((o) => (
              <li key={o.id}>
                <Text size="sm">
                  {firstName} is offered a place in <strong>{o.team}</strong>. Please answer by {longDate(o.deadline)}.
                </Text>
                <Group gap="xs" mt={4}>
                  <Button
                    size="sm"
                    onClick={() => answer.mutate({ offerId: o.id, answer: 'accept' })}
                    loading={answer.isPending && answer.variables.offerId === o.id && answer.variables.answer === 'accept'}
                    disabled={answer.isPending}
                    aria-label={`Accept the place in ${o.team}`}
                  >
                    Accept
                  </Button>
                  <Button
                    size="sm"
                    variant="default"
                    onClick={() => answer.mutate({ offerId: o.id, answer: 'decline' })}
                    loading={answer.isPending && answer.variables.offerId === o.id && answer.variables.answer === 'decline'}
                    disabled={answer.isPending}
                    aria-label={`Decline the place in ${o.team}`}
                  >
                    Decline
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
      {data.reports.length ? (
        <Box component="section" aria-label={`New reports for ${firstName}`}>
          <Title order={3} size="h5" mb={4}>
            New reports
          </Title>
          <ReportRows reports={data.reports} href={(reportId) => `/family/player/${id}/report/${reportId}`} isNew={() => true} />
        </Box>
      ) : null}
    </Stack>
  );
}
