import { Badge } from '@mantine/core';
import type { SessionState } from '../../../shared/schemas/eval-session';

const LOOK: Record<SessionState, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  open: { label: 'Open', color: 'green' },
  closed: { label: 'Closed', color: 'orange' },
  published: { label: 'Published', color: 'blue' },
};

export function SessionStateBadge({ state }: { state: SessionState }) {
  return (
    // Never squeezed by a long name beside it.
    <Badge color={LOOK[state].color} variant="light" style={{ flexShrink: 0 }}>
      {LOOK[state].label}
    </Badge>
  );
}
