import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** docs/product.md#validation: a field error shows as a red tooltip on the field (the field itself gets a red border). */
export function ErrorTip({
  error,
  children,
  position = 'top-start',
}: {
  error?: React.ReactNode;
  children: ReactElement;
  /**
   * 'top-end' keeps a field's label visible beside the tooltip; 'bottom-end' suits the first field of
   * a modal, where a long (server) message above it would be cut off by the modal's edge.
   */
  position?: 'top-start' | 'top-end' | 'bottom-end';
}) {
  return (
    <Tooltip label={error} opened={!!error} color="red" position={position} withArrow withinPortal={false} multiline maw={300}>
      {children}
    </Tooltip>
  );
}
