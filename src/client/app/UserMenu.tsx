import { ActionIcon, Avatar, Menu, Text, useMantineColorScheme } from '@mantine/core';
import { IconKey, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../shared/schemas/auth';
import { useOutbox } from '../features/evaluations/outbox/OutboxProvider';
import { useSignOut } from '../lib/useSignOut';

const SignOutModal = lazy(() => import('./SignOutModal').then((m) => ({ default: m.SignOutModal })));

export function UserMenu({ me }: { me: Me }) {
  const signOut = useSignOut();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const { engine, snapshot } = useOutbox();
  const [asking, setAsking] = useState(false);
  const pending = snapshot.entries.filter((e) => e.state === 'local' || e.state === 'syncing').length;
  return (
    <>
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" radius="xl" aria-label="Account menu">
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
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => (engine && pending > 0 ? setAsking(true) : void signOut())}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
    {asking && engine ? (
      <Suspense fallback={null}>
        <SignOutModal pending={pending} engine={engine} onSignOut={() => void signOut()} onClose={() => setAsking(false)} />
      </Suspense>
    ) : null}
    </>
  );
}
