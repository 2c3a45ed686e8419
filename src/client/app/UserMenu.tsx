import { ActionIcon, Avatar, Menu, Text, useMantineColorScheme } from '@mantine/core';
import { IconKey, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../shared/schemas/auth';
import { useOutbox } from '../features/evaluations/outbox/OutboxProvider';
import { useSignOut } from '../lib/useSignOut';

// Loaded on sign-out only: evaluation sessions' device store stays out of the shell.
const sessionScores = () => import('../features/eval-sessions/signOutSync');
const SignOutModal = lazy(() => import('./SignOutModal').then((m) => ({ default: m.SignOutModal })));

export function UserMenu({ me }: { me: Me }) {
  const signOut = useSignOut();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const { engine } = useOutbox();
  const [asking, setAsking] = useState<number | null>(null);
  // Courtside scores and evaluation-session scores both wait on the device until the server has them.
  const waiting = async () =>
    (engine?.pending().length ?? 0) +
    (await sessionScores()
      .then((m) => m.sessionScoresWaiting(me.id))
      .catch(() => 0));
  const syncAll = async () => {
    await engine?.syncNow();
    await sessionScores()
      .then((m) => m.syncSessionScores(me.id))
      .catch(() => undefined);
    return waiting();
  };
  const askOrSignOut = async () => {
    const count = await waiting();
    if (count > 0) setAsking(count);
    else await signOut();
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size={44} radius="xl" aria-label="Account menu">
            <Avatar size="sm" radius="xl" color="indigo">
              {me.first_name.charAt(0)}
              {me.last_name.charAt(0)}
            </Avatar>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600}>
              {me.first_name} {me.last_name}
            </Text>
            <Text size="xs" c="dimmed">
              {me.role_title}
            </Text>
          </Menu.Label>
          <Menu.Item leftSection={colorScheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />} onClick={toggleColorScheme}>
            {colorScheme === 'dark' ? 'Light mode' : 'Dark mode'}
          </Menu.Item>
          <Menu.Item component={Link} to="/account/password" leftSection={<IconKey size={16} />}>
            Change password
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void askOrSignOut()}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {asking !== null ? (
        <Suspense fallback={null}>
          <SignOutModal pending={asking} syncAll={syncAll} onSignOut={() => void signOut()} onClose={() => setAsking(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
