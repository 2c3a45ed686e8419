import { Alert, Modal, Stack, type ModalProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A failure that belongs to no field (the server's refusal), in red above the fields. */
  failure?: string | null;
  /** The fields and the FormActions. */
  children: ReactNode;
}

/** A centered modal that holds one form: the browser's own validation off, the fields in a Stack. */
export function FormModal({ opened, onClose, title, size, onSubmit, failure, children }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          {children}
        </Stack>
      </form>
    </Modal>
  );
}
