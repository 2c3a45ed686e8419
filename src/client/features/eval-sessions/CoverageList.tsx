import { Alert, List, Text } from '@mantine/core';
import { IconEyeExclamation } from '@tabler/icons-react';
import type { SessionFair } from '../../../shared/schemas/session-fair';

/** While the session is open: players not yet seen by the minimum of evaluators, and who has not seen them. */
export function CoverageList({ fair }: { fair: SessionFair }) {
  if (!fair.coverage.length) return null;
  const name = new Map(fair.criteria.map((c) => [c.criterionId, c.name]));
  return (
    <Alert color="orange" icon={<IconEyeExclamation size={18} />} title="Not seen by enough evaluators yet" data-testid="coverage">
      <Text size="sm" mb="xs">
        Fewer than {fair.minEvaluators} evaluators have scored these players on some criterion. Send someone who has not seen them yet.
      </Text>
      <List size="sm" spacing={4}>
        {fair.coverage.map((row) => (
          <List.Item key={row.playerId}>
            <Text span size="sm" fw={600}>
              {row.bib !== null ? `#${row.bib} ` : ''}
              {row.firstName} {row.lastName}
            </Text>
            : {row.short.map((c) => `${name.get(c.criterionId)} ${c.evaluators} of ${fair.minEvaluators}`).join(', ')}.{' '}
            {row.notYet.length
              ? `Not yet scored by ${row.notYet.map((e) => (e.guest ? `${e.name} (guest)` : e.name)).join(', ')}.`
              : 'Every evaluator has scored them: add an evaluator.'}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
