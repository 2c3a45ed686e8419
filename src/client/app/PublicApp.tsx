import { Anchor, MantineProvider, Stack, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '../../shared/messages';
import { LeaderboardTable } from '../features/leaderboard/LeaderboardTable';
import { queryClient } from '../lib/queryClient';
import { PublicShell } from './PublicShell';
import { theme } from './theme';

/** /leaderboard → null; /leaderboard/team/{id} → id; anything else → undefined (not found). */
export function publicTeamId(pathname: string): number | null | undefined {
  const match = /^\/leaderboard(?:\/team\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return undefined;
  if (match[1] === undefined) return null;
  const id = Number(match[1]);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The public leaderboards as their own small entry (public.html): anonymous visitors on phones
 * download neither the router nor the staff app (README.md#performance budget of 120 KB).
 */
export function PublicApp({ pathname }: { pathname: string }) {
  const teamId = publicTeamId(pathname);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <PublicShell>
          {teamId === undefined ? (
            <Stack align="center" py={80}>
              <Title order={1}>{MSG.notFound}</Title>
              <Anchor href="/leaderboard">Go to the leaderboard</Anchor>
            </Stack>
          ) : (
            <LeaderboardTable teamId={teamId ?? undefined} publicMode />
          )}
        </PublicShell>
      </QueryClientProvider>
    </MantineProvider>
  );
}
