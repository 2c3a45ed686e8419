import { Alert, Anchor, Badge, Box, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconFlag, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { EvalSession, SessionResultRow } from '../../../shared/schemas/eval-session';
import { formatPercent } from '../../../shared/scoring';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { ApiError, failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { resultsCsvUrl, resultsQuery, useTransition } from './api';
import { PlayerScoresModal } from './PlayerScoresModal';
import { RelativeAgePanel } from './RelativeAgePanel';

type SortKey = 'total' | 'name' | 'bib';

const compare: Record<SortKey, (a: SessionResultRow, b: SessionResultRow) => number> = {
  // Incomplete players have no total and go last, never counted as zero.
  total: (a, b) => (b.total ?? -Infinity) - (a.total ?? -Infinity) || a.lastName.localeCompare(b.lastName),
  name: (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
  bib: (a, b) => (a.bib ?? Infinity) - (b.bib ?? Infinity),
};

function SortHeader({ label, value, sort, onSort }: { label: string; value: SortKey; sort: SortKey; onSort: (k: SortKey) => void }) {
  return (
    <Table.Th aria-sort={sort === value ? (value === 'total' ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(value)} fw={700} fz="sm">
        {label}
        {sort === value ? (value === 'total' ? ' ↓' : ' ↑') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** Means per player and criterion, outliers flagged, incomplete players marked; locked until the director unlocks. */
export function ResultsPanel({ session }: { session: EvalSession }) {
  const results = useQuery(resultsQuery(session.id));
  const unlock = useTransition(session.id);
  const [sort, setSort] = useState<SortKey>('total');
  // The row stays while its modal fades out, so the modal's text does not change mid-animation.
  const [drill, setDrill] = useState<{ open: boolean; row: SessionResultRow | null }>({ open: false, row: null });

  if (results.isPending) return <Loading label="Loading results" />;
  if (results.error instanceof ApiError && results.error.status === 409) {
    return (
      <Alert color="gray" icon={<IconLock size={18} />} title="Results are locked">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Scoring is blind: nobody sees means or rankings until you unlock them. Evaluators never see them. Unlock when scoring is done,
            or to review outliers before closing.
          </Text>
          {session.state !== 'draft' ? (
            <Button
              size="sm"
              onClick={() => unlock.mutateAsync('unlock').catch((e: unknown) => notifyError(failureMessage(e)))}
              loading={unlock.isPending}
            >
              Unlock results
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (results.isError) {
    return (
      <Text c="red" role="alert">
        The results could not be loaded. Please reload the page.
      </Text>
    );
  }
  const r = results.data;
  if (!r.rows.length) return <EmptyState text="No players in this session yet." />;
  const rows = [...r.rows].sort(compare[sort]);
  const kindOf = new Map(r.criteria.map((c) => [c.criterionId, c.kind]));
  const flagged = r.rows.reduce((n, row) => n + row.cells.reduce((m, c) => m + c.outliers.length, 0), 0);
  const counted = r.evaluators.filter((e) => !e.excluded);
  const guests = counted.filter((e) => e.guest).length;
  const excluded = r.evaluators.length - counted.length;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Mean of each criterion's scores (trimmed from 5 evaluators on; on Yes/No criteria, the share of Yes).{' '}
          {flagged ? MSG.flaggedForReview(flagged) : 'No score is far from the others.'} Tap a player for each evaluator's scores.{' '}
          <Text span size="sm" fw={600} data-testid="results-evaluators">
            Counted: {counted.length - guests} staff and {guests} guest {guests === 1 ? 'evaluator' : 'evaluators'}
            {excluded ? `; ${excluded} excluded` : ''}.
          </Text>
        </Text>
        <Button component="a" href={resultsCsvUrl(session.id)} download variant="default" leftSection={<IconDownload size={16} />}>
          Export CSV
        </Button>
      </Group>
      <DataTable
        minWidth={320}
        striped
        highlightOnHover
        columns={[
          'Rank',
          <SortHeader label="#" value="bib" sort={sort} onSort={setSort} />,
          <SortHeader label="Player" value="name" sort={sort} onSort={setSort} />,
          <SortHeader label="Total" value="total" sort={sort} onSort={setSort} />,
          // A phone shows rank, player and total; the criteria are one tap away, in the player's scores.
          r.criteria.map((c) => (
            <Table.Th key={c.criterionId} visibleFrom="sm">
              {c.name}
            </Table.Th>
          )),
          <Table.Th visibleFrom="sm">Evaluators</Table.Th>,
        ]}
      >
        {rows.map((row) => (
          <Table.Tr key={row.playerId}>
            <Table.Td>{row.rank ?? '–'}</Table.Td>
            <Table.Td>{row.bib ?? '–'}</Table.Td>
            <Table.Td>
              <Anchor component="button" type="button" ta="start" onClick={() => setDrill({ open: true, row })}>
                {row.firstName} {row.lastName}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {row.total === null ? (
                  <Badge color="red" variant="light">
                    Incomplete
                  </Badge>
                ) : (
                  `${formatPercent(row.total)}%`
                )}
                <FlagCount n={row.cells.reduce((m, c) => m + c.outliers.length, 0)} hiddenFrom="sm" />
              </Group>
            </Table.Td>
            {row.cells.map((c) => (
              <Table.Td key={c.criterionId} visibleFrom="sm">
                <Group gap={4} wrap="nowrap">
                  {c.mean === null
                    ? '–'
                    : kindOf.get(c.criterionId) === 'yes_no'
                      ? `${Math.round(c.mean * 100)}% yes`
                      : formatPercent(c.mean)}
                  <FlagCount n={c.outliers.length} />
                </Group>
              </Table.Td>
            ))}
            <Table.Td visibleFrom="sm">
              {row.evaluatorsDone} / {r.minEvaluators}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <PlayerScoresModal
        sessionId={session.id}
        opened={drill.open}
        row={drill.row}
        results={r}
        onClose={() => setDrill((d) => ({ ...d, open: false }))}
      />
      <RelativeAgePanel sessionId={session.id} />
    </Stack>
  );
}

/** The flag of scores far from the other evaluators': n of them. */
function FlagCount({ n, hiddenFrom }: { n: number; hiddenFrom?: 'sm' }) {
  if (!n) return null;
  return (
    <Box component="span" hiddenFrom={hiddenFrom} display="flex">
      <IconFlag size={14} color="var(--mantine-color-orange-7)" aria-label={`${n} flagged`} role="img" />
    </Box>
  );
}
