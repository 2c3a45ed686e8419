import { Button, CopyButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import { QRCodeSVG } from 'qrcode.react';
import { FAMILY_HANDOUT_MINUTES, type HandedSignIn } from '../../../shared/schemas/guardian';

/**
 * The one-time sign-in a user manager hands to a guardian in person (docs/product.md#families): the link,
 * a copy button and its QR code, shown once. Closing forgets it: the panel keeps no copy.
 */
export function OneTimeSignInModal({ handed, email, onClose }: { handed: HandedSignIn | null; email: string; onClose: () => void }) {
  return (
    <Modal
      opened={handed !== null}
      onClose={onClose}
      title="One-time sign-in"
      size="md"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {handed ? (
        <Stack gap="sm">
          <Text size="sm">
            For <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>: let them scan the code with their phone, or give them the
            link. It signs them in to the family page once and works until <strong>{dayjs(handed.expiresAt).format('HH:mm')}</strong> (
            {FAMILY_HANDOUT_MINUTES} minutes).
          </Text>
          <Group justify="center">
            <QRCodeSVG value={handed.link} size={208} marginSize={2} role="img" aria-label="QR code of the sign-in link" />
          </Group>
          {/* The whole link, wrapped: it can be read out or typed as well as copied. */}
          <Textarea
            label="Sign-in link"
            value={handed.link}
            readOnly
            autosize
            minRows={2}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Text size="xs" c="dimmed">
            It is shown only now: closing this window forgets it. It is never e-mailed nor kept in the outbox.
          </Text>
          <Group justify="flex-end" gap="xs">
            <CopyButton value={handed.link}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
