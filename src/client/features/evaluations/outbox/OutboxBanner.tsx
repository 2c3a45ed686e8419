import { Alert } from '@mantine/core';
import { IconCloudOff, IconLock } from '@tabler/icons-react';
import type { OutboxSnapshot } from './engine';

const scores = (n: number) => `${n} score${n === 1 ? '' : 's'}`;

/** The whole device's state: offline with N pending, or signed out with N kept for this user. */
export function OutboxBanner({ snapshot }: { snapshot: OutboxSnapshot }) {
  const pending = snapshot.entries.filter((e) => e.state === 'local' || e.state === 'syncing').length;
  if (snapshot.outcome === 'signedOut' && pending > 0) {
    return (
      <Alert color="orange" icon={<IconLock size={18} />} title="Sign in again to sync" role="status">
        Your sign-in has ended. {scores(pending)} are kept on this device and will sync after you sign in again.
      </Alert>
    );
  }
  if (!snapshot.online) {
    return (
      <Alert color="gray" icon={<IconCloudOff size={18} />} title="You are offline" role="status">
        {pending > 0
          ? `${scores(pending)} waiting to sync. Keep scoring: everything is saved on this device and syncs when the connection is back.`
          : 'Keep scoring: everything is saved on this device and syncs when the connection is back.'}
      </Alert>
    );
  }
  return null;
}
