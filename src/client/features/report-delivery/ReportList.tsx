import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { QueryView } from '../../components/QueryView';
import { reportList, type ReportPlace } from './api';

/** The sent reports of a child (family portal) or of the player (player area), newest first. */
export function ReportList({ place }: { place: ReportPlace }) {
  const query = useQuery({ queryKey: ['reports', place.kind, place.playerId], queryFn: () => reportList(place), retry: false });
  const href = (id: number) => (place.kind === 'family' ? `/family/player/${place.playerId}/report/${id}` : `/player/${place.playerId}/report/${id}`);
  return (
    <QueryView query={query} noun="reports" isEmpty={(d) => d.length === 0} emptyText="No reports yet.">
      {(list) => (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((r) => (
            <li key={r.id}>
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={href(r.id)} fw={600}>
                  {r.cycle}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {r.team}
                  {r.sent_at ? ` · ${dayjs(r.sent_at).format('D MMM YYYY')}` : ''}
                </Text>
                {r.state === 'sent' ? (
                  <Badge size="xs" color="blue">
                    New
                  </Badge>
                ) : null}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}
