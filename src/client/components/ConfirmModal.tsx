import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { failureMessage } from '../lib/api';

interface Props {
  opened: boolean;
  title: string;
  /** The question, and what else goes with the action. */
  children: ReactNode;
  onClose: () => void;
  /** Takes the action; the modal closes when it resolves and shows what it throws (the server's refusal) when not. */
  onConfirm: () => Promise<unknown>;
  confirmLabel?: string;
  color?: string;
  /** The action cannot be taken: no confirm button, and Cancel reads OK. */
  blocked?: boolean;
  /** The confirm button waits (e.g. for what the question needs to load). */
  disabled?: boolean;
}

/** The confirmation of one action (delete, remove, suspend…): Cancel and the action, a refusal in red. */
export function ConfirmModal({
  opened,
  title,
  children,
  onClose,
  onConfirm,
  confirmLabel = 'Delete',
  color = 'red',
  blocked = false,
  disabled = false,
}: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each opening starts without the previous one's refusal.
  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {children}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {blocked ? 'OK' : 'Cancel'}
          </Button>
          {blocked ? null : (
            <Button color={color} onClick={() => void confirm()} loading={busy} disabled={disabled}>
              {confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
