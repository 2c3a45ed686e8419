import { Stack, Title } from '@mantine/core';
import { usePlayerId } from '../player-area/useAreaGuard';
import { ReportList } from './ReportList';

/** /player/:playerId/reports: the player's own sent reports. */
export default function PlayerReportsPage() {
  const playerId = usePlayerId();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Reports
      </Title>
      <ReportList place={{ kind: 'player', playerId }} />
    </Stack>
  );
}
