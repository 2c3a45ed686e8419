import type { ComponentPropsWithoutRef } from 'react';

/**
 * Stands in for Mantine's Table.ScrollContainer in the public build only (build/vite.public.config.ts):
 * Mantine's Table attaches it statically, and its ScrollArea pulls in floating-ui (about 12 KB gzip)
 * that the public leaderboard never uses. The public tables do not render a ScrollContainer.
 */
export function TableScrollContainer({ minWidth: _minWidth, ...props }: ComponentPropsWithoutRef<'div'> & { minWidth?: unknown }) {
  return <div {...props} style={{ overflowX: 'auto', ...props.style }} />;
}
