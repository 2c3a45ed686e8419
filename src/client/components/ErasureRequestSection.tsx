import { Alert, Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { PlayerPrivacy } from '../../shared/schemas/privacy';
import { ConfirmModal } from './ConfirmModal';

const day = (iso: string) => iso.slice(0, 10);

/**
 * A player's erasure requests and the button to make one (docs/product.md#privacy): the same on the
 * player profile (an admin on the player's behalf), in the player area and on the family page.
 */
export function ErasureRequestSection({
  privacy,
  subject,
  onRequest,
}: {
  privacy: PlayerPrivacy;
  subject: string;
  onRequest: (reason: string) => Promise<unknown>;
}) {
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const open = privacy.requests.find((r) => r.status === 'open');
  const refused = privacy.requests.find((r) => r.status === 'refused');
  return (
    <section aria-labelledby={titleId}>
      <Title order={3} size="h6" id={titleId} mb={4}>
        Erasure of personal data
      </Title>
      <Stack gap="xs">
        {privacy.erased ? (
          <Text size="sm">This player&apos;s personal data has been erased.</Text>
        ) : open ? (
          <Alert color="orange" variant="light">
            Erasure requested on {day(open.createdAt)}. The club decides by {day(open.dueAt)}.
          </Alert>
        ) : (
          <>
            {refused ? (
              <Text size="sm">
                The request of {day(refused.createdAt)} was refused{refused.decisionReason ? `: ${refused.decisionReason}` : '.'}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              The club keeps scores without a name and deletes everything else about {subject}. An admin decides within 30 days.
            </Text>
            <div>
              <Button variant="light" color="red" onClick={() => setOpened(true)}>
                Request erasure
              </Button>
            </div>
          </>
        )}
      </Stack>
      <ConfirmModal
        title="Request erasure"
        opened={opened}
        onClose={() => setOpened(false)}
        confirmLabel="Send request"
        onConfirm={async () => {
          await onRequest(reason);
          setReason('');
        }}
      >
        <Text size="sm">Ask the club to erase the personal data of {subject}?</Text>
        <Textarea
          label="Reason (optional)"
          value={reason}
          maxLength={2000}
          autosize
          minRows={2}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      </ConfirmModal>
    </section>
  );
}
