import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconFlag, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { tooCloseToCall } from '../../../shared/fair-evaluations';
import { MSG } from '../../../shared/messages';
import type { EvalSession, SessionResultRow } from '../../../shared/schemas/eval-session';
import type { FairPlayerRow } from '../../../shared/schemas/session-fair';
import { formatPercent } from '../../../shared/scoring';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { ApiError, failureMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { fairQuery, resultsCsvUrl, resultsQuery, useTransition } from './api';
import { CoverageList } from './CoverageList';
import { movement, percentRange, rankRange } from './fairFormat';
import { PlayerScoresModal } from './PlayerScoresModal';
import { PublishBasisChoice } from './PublishBasisChoice';
import { ReliabilityList } from './ReliabilityList';
import { SeverityTable } from './SeverityTable';
import { RelativeAgePanel } from './RelativeAgePanel';

type SortKey = 'total' | 'fair' | 'name' | 'bib';
type Row = SessionResultRow & { fair: FairPlayerRow | undefined };

const fairTotal = (r: Row) => r.fair?.fair.total ?? -Infinity;
const compare: Record<SortKey, (a: Row, b: Row) => number> = {
  // Incomplete players have no total and go last, never counted as zero.
  total: (a, b) => (b.total ?? -Infinity) - (a.total ?? -Infinity) || a.lastName.localeCompare(b.lastName),
  fair: (a, b) => fairTotal(b) - fairTotal(a) || a.lastName.localeCompare(b.lastName),
  name: (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
  bib: (a, b) => (a.bib ?? Infinity) - (b.bib ?? Infinity),
};

const descending = (k: SortKey) => k === 'total' || k === 'fair';

function SortHeader({
  label,
  value,
  sort,
  onSort,
  visibleFrom,
}: {
  label: string;
  value: SortKey;
  sort: SortKey;
  onSort: (k: SortKey) => void;
  visibleFrom?: 'sm';
}) {
  return (
    <Table.Th visibleFrom={visibleFrom} aria-sort={sort === value ? (descending(value) ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(value)} fw={700} fz="sm" mih={44}>
        {label}
        {sort === value ? (descending(value) ? ' ↓' : ' ↑') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * Means per player and criterion, outliers flagged, incomplete players marked; beside them the fair totals,
 * ranges, agreement and severity (docs/product.md#fair-evaluations). Locked until the director unlocks.
 */
export function ResultsPanel({ session }: { session: EvalSession }) {
  const results = useQuery(resultsQuery(session.id));
  const fair = useQuery({ ...fairQuery(session.id), enabled: results.isSuccess });
  const [cut, setCut] = useState<number | string>('');
  const unlock = useTransition(session.id);
  const [sort, setSort] = useState<SortKey>('total');
  // The row stays while its modal fades out, so the modal's text does not change mid-animation.
  const [drill, setDrill] = useState<{ open: boolean; row: SessionResultRow | null }>({ open: false, row: null });

  if (results.isPending || (results.isSuccess && fair.isPending)) return <Loading label="Loading results" />;
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
  if (results.isError || fair.isError) {
    return (
      <Text c="red" role="alert">
        The results could not be loaded. Please reload the page.
      </Text>
    );
  }
  const r = results.data;
  const f = fair.data!;
  if (!r.rows.length) return <EmptyState text="No players in this session yet." />;
  const fairOf = new Map(f.players.map((p) => [p.playerId, p]));
  const rows: Row[] = r.rows.map((row) => ({ ...row, fair: fairOf.get(row.playerId) })).sort(compare[sort]);
  // The cut line and its too-close marks follow the ranking shown: fair when sorted by fair, else raw.
  const basis = sort === 'fair' ? 'fair' : 'raw';
  const places = typeof cut === 'number' && cut > 0 ? cut : 0;
  const close = new Set(
    places
      ? tooCloseToCall(
          f.players.flatMap((p) =>
            p[basis].total !== null && p[basis].interval ? [{ id: p.playerId, total: p[basis].total, interval: p[basis].interval }] : [],
          ),
          places,
        )
      : [],
  );
  const ranked = sort === 'total' || sort === 'fair';
  const columnCount = 6 + 1 + r.criteria.length + 1;
  const kindOf = new Map(r.criteria.map((c) => [c.criterionId, c.kind]));
  const flagged = r.rows.reduce((n, row) => n + row.cells.reduce((m, c) => m + c.outliers.length, 0), 0);
  const counted = r.evaluators.filter((e) => !e.excluded);
  const guests = counted.filter((e) => e.guest).length;
  const excluded = r.evaluators.length - counted.length;

  return (
    <Stack gap="md">
      <CoverageList fair={f} />
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
      <Text size="xs" c="dimmed">
        Fair: what an evaluator of average severity would have given, each evaluator's shift taken out. Under each total, its 90 % range
        with another draw of the same evaluators; under each rank, the ranks the player would likely have had.
      </Text>
      <Group align="flex-end" gap="md">
        <div>
          <Text size="sm" fw={500} id="rank-on-label" mb={4}>
            Rank on
          </Text>
          <SegmentedControl
            aria-labelledby="rank-on-label"
            value={basis}
            onChange={(v) => setSort(v === 'fair' ? 'fair' : 'total')}
            data={[
              { value: 'raw', label: 'Raw totals' },
              { value: 'fair', label: 'Fair totals' },
            ]}
            styles={{ label: { minHeight: 36, display: 'flex', alignItems: 'center' } }}
          />
        </div>
        <NumberInput
          label="Cut line after place"
          description="e.g. the team's size"
          min={1}
          max={r.rows.length}
          value={cut}
          onChange={setCut}
          w={190}
          size="md"
          allowDecimal={false}
          hideControls
          inputMode="numeric"
        />
      </Group>
      {places && close.size ? (
        <Text size="sm" data-testid="close-summary">
          {close.size} {close.size === 1 ? 'player is' : 'players are'} <b>too close to call</b> at place {places}: their ranges overlap
          across the line, so another day's evaluators could swap them.
        </Text>
      ) : null}
      <DataTable
        minWidth={320}
        striped
        highlightOnHover
        columns={[
          'Rank',
          <SortHeader label="#" value="bib" sort={sort} onSort={setSort} visibleFrom="sm" />,
          <SortHeader label="Player" value="name" sort={sort} onSort={setSort} />,
          <SortHeader label="Total" value="total" sort={sort} onSort={setSort} />,
          <Table.Th visibleFrom="sm">Fair rank</Table.Th>,
          <SortHeader label="Fair" value="fair" sort={sort} onSort={setSort} />,
          'Moved',
          // A phone shows ranks, player and totals; the criteria are one tap away, in the player's scores.
          r.criteria.map((c) => (
            <Table.Th key={c.criterionId} visibleFrom="sm">
              {c.name}
            </Table.Th>
          )),
          <Table.Th visibleFrom="sm">Evaluators</Table.Th>,
        ]}
      >
        {rows.map((row, i) => {
          const fp = row.fair;
          const moved = movement(fp?.moved ?? null);
          return (
            <Fragment key={row.playerId}>
              <Table.Tr data-testid="result-row">
                <Table.Td>
                  {row.rank ?? '–'}
                  <Sub>{fp?.raw.rankRange && rankRange(fp.raw.rankRange) !== String(row.rank) ? rankRange(fp.raw.rankRange) : null}</Sub>
                </Table.Td>
                <Table.Td visibleFrom="sm">{row.bib ?? '–'}</Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" ta="start" mih={44} onClick={() => setDrill({ open: true, row })}>
                    {row.firstName} {row.lastName}
                  </Anchor>
                  {close.has(row.playerId) ? (
                    <Badge
                      display="block"
                      w="fit-content"
                      h="auto"
                      color="yellow"
                      variant="light"
                      size="sm"
                      data-testid="too-close"
                      styles={{ label: { whiteSpace: 'normal' } }}
                    >
                      Too close to call
                    </Badge>
                  ) : null}
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
                  <Sub>{percentRange(fp?.raw.interval ?? null)}</Sub>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {fp?.fair.rank ?? '–'}
                  <Sub>{fp?.fair.rankRange && fp.fair.rankRange[0] !== fp.fair.rankRange[1] ? rankRange(fp.fair.rankRange) : null}</Sub>
                </Table.Td>
                <Table.Td>
                  {fp?.fair.total === null || !fp ? '–' : `${formatPercent(fp.fair.total)}%`}
                  <Sub>{percentRange(fp?.fair.interval ?? null)}</Sub>
                  {/* A phone has no fair rank column: the rank goes under the fair total. */}
                  {fp?.fair.rank ? (
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      Rank {fp.fair.rank}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text span size="sm" fw={600} aria-hidden>
                    {moved.text}
                  </Text>
                  <VisuallyHidden>{moved.label}</VisuallyHidden>
                </Table.Td>
                {row.cells.map((c) => (
                  <Table.Td key={c.criterionId} visibleFrom="sm">
                    <Group gap={4} wrap="nowrap">
                      {c.mean === null
                        ? '–'
                        : c.measured
                          ? c.measured
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
              {ranked && places && i === places - 1 && i < rows.length - 1 ? (
                <Table.Tr data-testid="cut-line">
                  <Table.Td colSpan={columnCount} style={{ borderTop: '3px dashed var(--mantine-color-blue-7)', padding: 2 }}>
                    <Text size="xs" c="blue.9" fw={600} ta="center">
                      Cut line: {places} {places === 1 ? 'place' : 'places'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          );
        })}
      </DataTable>
      <PublishBasisChoice session={session} />
      <ReliabilityList fair={f} />
      <SeverityTable fair={f} />
      <PlayerScoresModal
        sessionId={session.id}
        opened={drill.open}
        row={drill.row}
        results={r}
        fair={f}
        onClose={() => setDrill((d) => ({ ...d, open: false }))}
      />
      <RelativeAgePanel sessionId={session.id} />
    </Stack>
  );
}

/** A figure's second line: its range, small. */
function Sub({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
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
