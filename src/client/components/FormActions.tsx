import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A modal form's buttons: Cancel, and its submit button that spins while the form is sent. */
export function FormActions({
  onCancel,
  busy,
  label = 'Save',
  mt,
}: {
  onCancel: () => void;
  busy: boolean;
  label?: ReactNode;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {label}
      </Button>
    </Group>
  );
}
