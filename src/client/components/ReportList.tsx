import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { ReportSummary } from '../../shared/schemas/report-delivery';
import { QueryView } from './QueryView';

/** Sent reports, newest first, each linking to where it is read (family portal or player area). */
export function ReportList({ query, href }: { query: UseQueryResult<ReportSummary[]>; href: (id: number) => string }) {
  return (
    <QueryView query={query} noun="reports" isEmpty={() => false}>
      {(list) =>
        list.length === 0 ? (
          <Text size="sm">No reports yet.</Text>
        ) : (
          <ReportRows reports={list} href={href} isNew={(r) => r.state === 'sent'} />
        )
      }
    </QueryView>
  );
}

type ReportRow = Pick<ReportSummary, 'id' | 'cycle' | 'team' | 'sent_at'>;

/** One line per report: its cycle as the link, team and date, and a New badge. */
export function ReportRows<R extends ReportRow>({
  reports,
  href,
  isNew,
}: {
  reports: R[];
  href: (id: number) => string;
  isNew: (r: R) => boolean;
}) {
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {reports.map((r) => (
        <li key={r.id}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={href(r.id)} fw={600}>
              {r.cycle}
            </Anchor>
            <Text size="sm" c="dimmed">
              {r.team}
              {r.sent_at ? ` · ${dayjs(r.sent_at).format('D MMM YYYY')}` : ''}
            </Text>
            {isNew(r) ? (
              <Badge size="xs" color="blue">
                New
              </Badge>
            ) : null}
          </Group>
        </li>
      ))}
    </Stack>
  );
}
