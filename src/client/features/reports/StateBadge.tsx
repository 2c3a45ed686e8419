import { Badge } from '@mantine/core';
import type { ReportState } from '../../../shared/schemas/report-snapshot';

const COLORS: Record<ReportState | 'none', string> = {
  none: 'gray',
  draft: 'yellow',
  approved: 'blue',
  sent: 'teal',
  viewed: 'green',
  revoked: 'red',
  superseded: 'gray',
};

/** A report's state in words and colour ("No report" before a draft exists). */
export function StateBadge({ state }: { state: ReportState | null }) {
  return (
    <Badge color={COLORS[state ?? 'none']} variant="light" style={{ flexShrink: 0 }}>
      {state ?? 'No report'}
    </Badge>
  );
}
