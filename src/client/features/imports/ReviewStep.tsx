import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Decision, ImportKind, ImportPlan, PlanRow } from '../../../shared/schemas/import';
import { Counts } from './Counts';

interface Props {
  kind: ImportKind;
  plan: ImportPlan;
  onDecide: (line: number, decision: Decision) => void;
  onBack: () => void;
  onCommit: () => void;
  onRecheck: () => void;
  busy: boolean;
  /** A 409 from the commit: the plan must be checked again. */
  stale: string | null;
}

/** Per kind: what linking a duplicate does, what a row is called, and the column naming it. */
const KIND_TEXT: Record<ImportKind, { link: string; thing: string; column: string }> = {
  players: { link: 'Link to existing', thing: 'player', column: 'Player' },
  evaluations: { link: 'Update existing', thing: 'evaluation', column: 'Evaluation' },
  teams: { link: 'Update existing', thing: 'team', column: 'Team' },
  users: { link: 'Update existing', thing: 'user', column: 'User' },
};

const choiceLabel = (kind: ImportKind, c: Decision) => (c === 'link' ? KIND_TEXT[kind].link : c === 'create' ? 'Create new' : 'Skip');

const name = (r: PlanRow) => r.label || `${r.values.first_name ?? ''} ${r.values.last_name ?? ''}`.trim() || r.values.name || '(no name)';

function Detail({ row, kind }: { row: PlanRow; kind: ImportKind }) {
  if (row.status === 'invalid') return <Text size="sm">{row.reasons.join(' ')}</Text>;
  if (row.candidate?.kind === 'record')
    return (
      <Text size="sm">
        Matches {row.candidate.name}: {row.candidate.why}.
      </Text>
    );
  if (row.candidate?.kind === 'existing') {
    const why = row.candidate.by === 'name' ? 'same name and birth year' : 'same first name and parent e-mail';
    return (
      <Text size="sm">
        Matches {row.candidate.name}
        {row.candidate.dob ? ` (${row.candidate.dob})` : ''}, {why}.{row.action === 'update' ? ' Linking fills in the birth year.' : ''}
      </Text>
    );
  }
  if (row.candidate?.kind === 'file')
    return (
      <Text size="sm">
        Same {KIND_TEXT[kind].thing} as row {row.candidate.line} of the file.
      </Text>
    );
  return <Text size="sm">New {KIND_TEXT[kind].thing}.</Text>;
}

const STATUS: Record<PlanRow['status'], { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'green' },
  invalid: { label: 'Invalid', color: 'red' },
  duplicate: { label: 'Duplicate?', color: 'orange' },
};

function Action({
  row,
  kind,
  onDecide,
  busy,
  full,
}: {
  row: PlanRow;
  kind: ImportKind;
  onDecide: Props['onDecide'];
  busy: boolean;
  full?: boolean;
}) {
  if (!row.choices.length) return <Text size="sm">{row.action === 'skip' ? 'Skip' : 'Create'}</Text>;
  return (
    <SegmentedControl
      size="xs"
      fullWidth={full}
      aria-label={`Row ${row.line}: what to do`}
      value={row.action === 'update' ? 'link' : row.action}
      onChange={(v) => onDecide(row.line, v as Decision)}
      data={row.choices.map((c) => ({ value: c, label: choiceLabel(kind, c) }))}
      disabled={busy}
    />
  );
}

/** On a phone each row is a card: five columns do not fit 375 px. */
function RowCards({ kind, plan, onDecide, busy }: Pick<Props, 'kind' | 'plan' | 'onDecide' | 'busy'>) {
  return (
    <Stack gap="xs" role="list" aria-label="Rows to review">
      {plan.rows.map((r) => (
        <Paper key={r.line} withBorder p="sm" role="listitem" data-line={r.line}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                Row {r.line}: {name(r)}
              </Text>
              <Badge color={STATUS[r.status].color} variant="light" style={{ flexShrink: 0 }}>
                {STATUS[r.status].label}
              </Badge>
            </Group>
            <Detail row={r} kind={kind} />
            <Action row={r} kind={kind} onDecide={onDecide} busy={busy} full />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Steps 3 and 4: rows needing a decision or explanation, the exact counts, and the commit of that plan. */
export function ReviewStep({ kind, plan, onDecide, onBack, onCommit, onRecheck, busy, stale }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Stack gap="md">
      <Text size="sm">
        {plan.total} {plan.total === 1 ? 'row' : 'rows'}: {plan.valid} valid, {plan.duplicates} possible{' '}
        {plan.duplicates === 1 ? 'duplicate' : 'duplicates'}, {plan.invalid} invalid (skipped).
      </Text>
      <Counts counts={plan.counts} label="What the import will do" />
      {phone ? (
        <RowCards kind={kind} plan={plan} onDecide={onDecide} busy={busy} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder verticalSpacing="xs" aria-label="Rows to review">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>{KIND_TEXT[kind].column}</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plan.rows.map((r) => (
                <Table.Tr key={r.line} data-line={r.line}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{name(r)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 136 }}>
                    <Badge color={STATUS[r.status].color} variant="light" style={{ overflow: 'visible' }}>
                      {STATUS[r.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Detail row={r} kind={kind} />
                  </Table.Td>
                  <Table.Td>
                    <Action row={r} kind={kind} onDecide={onDecide} busy={busy} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {plan.valid > plan.rows.filter((r) => r.status === 'valid').length ? (
        <Text size="xs" c="dimmed">
          Valid rows beyond the first {plan.rows.filter((r) => r.status === 'valid').length} are not listed; they are in the counts.
        </Text>
      ) : null}
      {stale ? (
        <Alert color="orange" title="Check the file again">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{stale}</Text>
            <Button size="xs" onClick={onRecheck} loading={busy}>
              Check again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={busy}>
          Back to columns
        </Button>
        <Button
          onClick={onCommit}
          loading={busy}
          disabled={!!stale || plan.counts.created + plan.counts.updated + plan.counts.linked === 0}
        >
          Import now
        </Button>
      </Group>
    </Stack>
  );
}
