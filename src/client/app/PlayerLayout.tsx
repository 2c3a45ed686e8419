import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBook,
  IconChartLine,
  IconClipboardCheck,
  IconFileText,
  IconHome,
  IconInfoCircle,
  IconTarget,
  IconTrophy,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { Loading } from '../components/Loading';
import { Leaderboard } from '../features/leaderboard/Leaderboard';
import { playerQuery } from '../features/player-area/api';
import { redirectFor } from '../features/player-area/useAreaGuard';
import type { PlayerAreaOutlet } from '../features/player-area/useBoard';
import { useMe } from '../lib/auth';
import { UserMenu } from './UserMenu';
import header from './header.module.css';

const NAV = [
  { path: 'dashboard', label: 'Dashboard', icon: IconHome },
  { path: 'progress', label: 'Progress', icon: IconChartLine },
  { path: 'leaderboard', label: 'Leaderboard', icon: IconTrophy },
  { path: 'resources', label: 'Resources', icon: IconBook },
  { path: 'analysis', label: 'Analysis', icon: IconVideo },
  { path: 'reports', label: 'Reports', icon: IconFileText },
  { path: 'goals', label: 'Goals', icon: IconTarget },
  { path: 'self-assessment', label: 'Self-assessment', icon: IconClipboardCheck },
  { path: 'instructions', label: 'Instructions', icon: IconInfoCircle },
  { path: 'family', label: 'My family', icon: IconUsers },
];

const ID = /^[1-9]\d{0,9}$/;
const outlet: PlayerAreaOutlet = { Board: Leaderboard };

/**
 * The player's own area: the id in the address must be the signed-in player's (docs/product.md#permissions). Any other
 * id is asked of the server, whose answer picks the page (docs/product.md#errors): 404 → not found, 403 → unauthorized.
 */
export default function PlayerLayout() {
  const { data: me, isPending } = useMe();
  const { playerId } = useParams();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const foreign = playerId !== undefined && !!me?.player && playerId !== String(me.player) && ID.test(playerId);
  const probe = useQuery({ ...playerQuery(Number(playerId)), enabled: foreign });
  if (isPending) return <Loading />;
  if (!me) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  if (!me.isPlayer || !me.player) return <Navigate to="/app/dashboard" replace />;
  if (me.mustChangePassword) return <Navigate to="/account/password" replace />;
  if (location.pathname === '/player' || location.pathname === '/player/') {
    return <Navigate to={`/player/${me.player}/dashboard`} replace />;
  }
  if (playerId !== undefined && playerId !== String(me.player)) {
    if (!ID.test(playerId)) return <Navigate to="/player/not-found" replace />;
    if (probe.isPending) return <Loading />;
    return redirectFor(probe.error) ?? <Navigate to="/player/unauthorized" replace />;
  }

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 200, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
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
            <Text fw={700}>My Development</Text>
          </Group>
          <UserMenu me={me} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Player navigation">
        {NAV.map((item) => {
          const to = `/player/${me.player}/${item.path}`;
          return (
            <NavLink
              key={item.path}
              component={Link}
              to={to}
              label={item.label}
              leftSection={<item.icon size={18} />}
              active={location.pathname === to}
              onClick={close}
            />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<Loading />}>
          <Outlet context={outlet} />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
