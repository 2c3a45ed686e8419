import { Card, Radio, Stack, Text } from '@mantine/core';
import type { EvalSession, PublishBasis } from '../../../shared/schemas/eval-session';
import { failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useSetPublishBasis } from './api';

/** The director's choice of what publishing writes; raw stays the default. Recorded in the audit log. */
export function PublishBasisChoice({ session }: { session: EvalSession }) {
  const set = useSetPublishBasis(session.id);
  const published = session.state === 'published';
  return (
    <Card withBorder padding="sm">
      <Radio.Group
        label="Publishing uses"
        description={
          published
            ? 'This session was published; its choice is final.'
            : "Fair scores take each evaluator's severity out: what an evaluator of average severity would have given. Kept within 1–10 (Yes/No: 0–100 % Yes)."
        }
        value={session.publishBasis}
        onChange={(v) => set.mutateAsync(v as PublishBasis).catch((e: unknown) => notifyError(failureMessage(e)))}
      >
        <Stack gap={0} mt="xs">
          {(
            [
              ['raw', 'Raw means (the results as scored)'],
              ['fair', 'Fair scores (severity taken out)'],
            ] as const
          ).map(([value, label]) => (
            <Radio key={value} value={value} label={label} disabled={published || set.isPending} py={12} />
          ))}
        </Stack>
      </Radio.Group>
      {!published ? (
        <Text size="xs" c="dimmed" mt={4}>
          The choice is saved with the session and recorded in the audit log.
        </Text>
      ) : null}
    </Card>
  );
}
