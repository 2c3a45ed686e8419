import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ReportList } from '../../components/ReportList';
import { areaReports } from './api';
import { redirectFor, usePlayerId } from './useAreaGuard';

/** /player/:playerId/reports: the player's own sent reports. */
export default function PlayerReportsPage() {
  const playerId = usePlayerId();
  const query = useQuery({ queryKey: ['player-area', 'reports', playerId], queryFn: () => areaReports(playerId), retry: false });
  const redirect = redirectFor(query.error);
  if (redirect) return redirect;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Reports
      </Title>
      <ReportList query={query} href={(id) => `/player/${playerId}/report/${id}`} />
    </Stack>
  );
}
