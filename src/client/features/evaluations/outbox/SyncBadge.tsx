import { Badge, Loader } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconDeviceMobile } from '@tabler/icons-react';
import type { EntryState } from './store';

export const STATE_LABEL: Record<EntryState, string> = {
  saving: 'Saving on this device',
  local: 'Saved on this device',
  syncing: 'Syncing',
  synced: 'Synced',
  refused: 'Needs attention',
};

const COLOR: Record<EntryState, string> = { saving: 'gray', local: 'yellow', syncing: 'blue', synced: 'teal', refused: 'red' };

/** Where one player's score stands, in words (not colour alone) for screen readers and glare. */
export function SyncBadge({ state }: { state: EntryState }) {
  const icon =
    state === 'saving' || state === 'syncing' ? (
      <Loader size={10} color="currentColor" />
    ) : state === 'synced' ? (
      <IconCloudCheck size={14} />
    ) : state === 'refused' ? (
      <IconAlertTriangle size={14} />
    ) : (
      <IconDeviceMobile size={14} />
    );
  return (
    <Badge variant="light" color={COLOR[state]} leftSection={icon} tt="none" fw={600} mt={4} data-state={state}>
      {STATE_LABEL[state]}
    </Badge>
  );
}
