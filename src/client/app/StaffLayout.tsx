import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBook,
  IconChartBar,
  IconMailForward,
  IconClipboardCheck,
  IconClipboardList,
  IconFileText,
  IconHome,
  IconLock,
  IconSettings,
  IconShieldLock,
  IconShirtSport,
  IconTrophy,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { can, type Level, type Section } from '../../shared/permissions';
import type { Me } from '../../shared/schemas/auth';
import { Loading } from '../components/Loading';
import { OutboxProvider } from '../features/evaluations/outbox/OutboxProvider';
import { useMe } from '../lib/auth';
import { DeviceWaitingProvider } from './DeviceWaitingProvider';
import { homeOf } from '../lib/home';
import { UserMenu } from './UserMenu';
import header from './header.module.css';

interface NavItem {
  to: string;
  label: string;
  icon: typeof IconHome;
  need?: [Section, Level];
  adminOnly?: boolean;
}

const NAV: NavItem[] = [
  { to: '/app/dashboard', label: 'Dashboard', icon: IconHome },
  { to: '/app/teams', label: 'Teams', icon: IconShirtSport, need: ['teams', 1] },
  { to: '/app/players', label: 'Players', icon: IconUsersGroup, need: ['players', 1] },
  { to: '/app/guardians', label: 'Guardians', icon: IconUsers, need: ['players', 1] },
  { to: '/app/criteria', label: 'Criteria', icon: IconClipboardList, need: ['criteria', 1] },
  { to: '/app/sessions', label: 'Sessions', icon: IconClipboardCheck, need: ['sessions', 1] },
  { to: '/app/leaderboard', label: 'Leaderboard', icon: IconTrophy },
  { to: '/app/analysis', label: 'Analysis', icon: IconChartBar, need: ['reports', 1] },
  { to: '/app/reports', label: 'Reports', icon: IconFileText, need: ['reports', 1] },
  { to: '/app/reports/send', label: 'Send reports', icon: IconMailForward, need: ['reports', 1] },
  { to: '/app/resources', label: 'Resources', icon: IconBook, need: ['resources', 1] },
  { to: '/app/users', label: 'Users', icon: IconUsers, need: ['user_management', 1] },
  { to: '/app/roles', label: 'Roles', icon: IconShieldLock, need: ['user_management', 2] },
  { to: '/app/privacy', label: 'Privacy requests', icon: IconLock, need: ['user_management', 2] },
  { to: '/app/settings', label: 'Settings', icon: IconSettings, adminOnly: true },
];

export function visibleNav(me: Me): NavItem[] {
  return NAV.filter((item) => (item.adminOnly ? me.admin : !item.need || can(me, item.need[0], item.need[1])));
}

export default function StaffLayout() {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  if (isPending) return <Loading />;
  if (!me) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (me.isPlayer || me.mustChangePassword) return <Navigate to={homeOf(me)} replace />;

  return (
    <OutboxProvider userId={me.id}>
      <DeviceWaitingProvider>
        <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
          <AppShell.Header>
            <Group h="100%" px="md" justify="space-between">
              <Group gap="sm">
                <Burger
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="sm"
                  size="sm"
                  className={header.tapTarget}
                  aria-label="Toggle navigation"
                />
                <Text fw={700} component={Link} to="/app/dashboard" c="inherit" td="none" className={header.brand}>
                  Club Development
                </Text>
              </Group>
              <UserMenu me={me} />
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="xs" aria-label="Main navigation">
            <ScrollArea>
              {visibleNav(me).map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={<item.icon size={18} />}
                  active={location.pathname.startsWith(item.to)}
                  onClick={close}
                />
              ))}
            </ScrollArea>
          </AppShell.Navbar>
          <AppShell.Main>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </AppShell.Main>
        </AppShell>
      </DeviceWaitingProvider>
    </OutboxProvider>
  );
}
