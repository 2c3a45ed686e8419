import { Alert, Badge, Button, CloseButton, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { LEADERBOARD_PAGE_SIZE } from '../../../shared/constants';
import { PUBLIC_PERIODS } from '../../../shared/public-board';
import { LabelledPagination } from '../../components/LabelledPagination';
import { LoadMore } from '../../components/LoadMore';
import { Loading } from '../../components/Loading';
import { SearchInput } from '../../components/SearchInput';
import { ApiError } from '../../lib/api';
import { useFilterSpinner } from '../../lib/useFilterSpinner';
import { playersBoardQuery, teamsBoardQuery, type BoardFilter } from './api';
import './leaderboard.css';
import { PlayersBoardTable, type PlayerBoardRow } from './PlayersBoardTable';
import { TeamsBoardTable, type TeamBoardRow } from './TeamsBoardTable';

const CriteriaModal = lazy(() => import('./FilterModals').then((m) => ({ default: m.CriteriaModal })));
const PeriodModal = lazy(() => import('./FilterModals').then((m) => ({ default: m.PeriodModal })));
const PublicLevelModal = lazy(() => import('./PublicFilterModals').then((m) => ({ default: m.PublicLevelModal })));
const PublicPeriodModal = lazy(() => import('./PublicFilterModals').then((m) => ({ default: m.PublicPeriodModal })));

/** docs/product.md#screens "Leaderboard": 'no content' when the board is empty. */
export const BOARD_EMPTY = 'no content';

const SORTS = ['Score', 'Criteria', 'Evaluation Period'] as const;
type Sort = (typeof SORTS)[number];
type View = 'players' | 'teams';

export interface LeaderboardTableProps {
  /** Team variant: title 'Leaderboard for {team}', no players/teams selector. */
  teamId?: number | undefined;
  /** Row to mark as "You". */
  currentPlayerId?: number | null | undefined;
  /** The title is hidden on the player dashboard. Default true. */
  showTitle?: boolean;
  /** Public boards: public API, names per the club's setting, no actions. */
  publicMode?: boolean;
  /** What replaces the board on a 404 / 403 from the API; without it the error shows inline. */
  onAccessError?: ((status: 403 | 404) => ReactNode) | undefined;
  /** Per-row action menus (signed-in staff); without them there is no actions column. */
  playerActions?: ((row: PlayerBoardRow) => ReactNode) | undefined;
  teamActions?: ((row: TeamBoardRow) => ReactNode) | undefined;
}

/**
 * The leaderboard of docs/product.md#screens for every variant: staff (/app/leaderboard), player area, public
 * boards and team boards. Server-side paging keeps it fast with thousands of players; the search box
 * and "Find me" let a player find their row without scrolling. Router-free: the public leaderboard
 * entry (public.tsx) renders it without the staff app; `Leaderboard` adds the signed-in parts.
 */
export function LeaderboardTable({
  teamId,
  currentPlayerId,
  showTitle = true,
  publicMode = false,
  onAccessError,
  playerActions,
  teamActions,
}: LeaderboardTableProps) {
  const [view, setView] = useState<View>('players');
  /** The sort actually applied; a modal only changes it on Save. */
  const [sort, setSort] = useState<Sort>('Score');
  const [modal, setModal] = useState<'criteria' | 'period' | null>(null);
  const [filter, setFilter] = useState<BoardFilter>({});
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const spinning = useFilterSpinner(JSON.stringify([view, filter]));
  const showPlayers = teamId !== undefined || view === 'players';

  const players = useQuery({
    ...playersBoardQuery({ publicMode, teamId, filter, page, pageSize: LEADERBOARD_PAGE_SIZE, q }),
    enabled: showPlayers,
  });
  const teams = useInfiniteQuery({ ...teamsBoardQuery({ publicMode, filter }), enabled: !showPlayers });
  const active = showPlayers ? players : teams;
  // The table renders from deferred copies: a new page of rows is drawn in slices that yield to the
  // browser instead of one long task (on a phone that task blocked input for most of a second).
  const shownPlayers = useDeferredValue(players.data);
  const teamRows = useMemo(() => teams.data?.pages.flatMap((p) => p.rows), [teams.data]);
  const shownTeams = useDeferredValue(teamRows);

  const error = active.error;
  if (error instanceof ApiError && onAccessError && (error.status === 404 || error.status === 403)) {
    return onAccessError(error.status);
  }

  const teamName = players.data?.team?.name;
  const title = teamId !== undefined ? (teamName ? `Leaderboard for ${teamName}` : 'Leaderboard') : 'Leaderboard';
  const applyFilter = (next: BoardFilter) => {
    setFilter(next);
    setPage(1);
  };
  const chooseSort = (value: Sort) => {
    if (value === 'Score') {
      setSort('Score');
      applyFilter({});
    } else setModal(value === 'Criteria' ? 'criteria' : 'period');
  };
  // While a modal is open the select shows its option; Cancel falls back to the applied sort, so
  // choosing the same option again is a change and reopens the modal.
  const shownSort: Sort = modal === 'criteria' ? 'Criteria' : modal === 'period' ? 'Evaluation Period' : sort;
  const me_ = players.data?.me;
  const pages = shownPlayers ? Math.max(1, Math.ceil(shownPlayers.total / shownPlayers.pageSize)) : 1;

  return (
    <Stack gap="md">
      {showTitle ? (
        <Title order={1} size="h2">
          {title}
        </Title>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        {teamId === undefined ? (
          <NativeSelect
            label="Filter by"
            data={[
              { value: 'players', label: 'Players' },
              { value: 'teams', label: 'Teams' },
            ]}
            value={view}
            onChange={(e) => {
              setView(e.currentTarget.value as View);
              setPage(1);
            }}
            w={140}
          />
        ) : null}
        {/* Native selects: the phone's own picker, and no popover code in the public bundle. */}
        <NativeSelect label="Sort by" data={SORTS} value={shownSort} onChange={(e) => chooseSort(e.currentTarget.value as Sort)} w={190} />
        {showPlayers ? (
          <SearchInput
            label="Find a player"
            placeholder="Name"
            value={search}
            onSearch={(text) => (setSearch(text), setPage(1))}
            rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
            w={{ base: '100%', xs: 220 }}
          />
        ) : null}
        {me_ && !q ? (
          <Button variant="light" onClick={() => setPage(me_.page)}>
            Find me (#{me_.rank})
          </Button>
        ) : null}
      </Group>
      <ActiveFilters
        filter={filter}
        onCriteria={() => setModal('criteria')}
        onPeriod={() => setModal('period')}
        onClear={() => chooseSort('Score')}
      />

      {active.isPending || spinning || (!error && !(showPlayers ? shownPlayers : shownTeams)) ? (
        <Loading label="Loading leaderboard" />
      ) : error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : showPlayers ? (
        shownPlayers && shownPlayers.rows.length > 0 ? (
          <>
            <PlayersBoardTable rows={shownPlayers.rows} currentPlayerId={currentPlayerId} actions={playerActions} />
            {pages > 1 ? (
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="gray.7">
                  {shownPlayers.total} players
                </Text>
                <LabelledPagination total={pages} value={page} onChange={setPage} siblings={0} />
              </Group>
            ) : null}
          </>
        ) : (
          <Text c="gray.7" ta="center" py="xl">
            {BOARD_EMPTY}
          </Text>
        )
      ) : shownTeams && shownTeams.length > 0 ? (
        <>
          <TeamsBoardTable rows={shownTeams} actions={teamActions} />
          <LoadMore query={teams} label="Load more teams" />
        </>
      ) : (
        <Text c="gray.7" ta="center" py="xl">
          {BOARD_EMPTY}
        </Text>
      )}

      <Suspense fallback={null}>
        {publicMode && modal === 'criteria' ? (
          <PublicLevelModal
            value={filter}
            onClose={() => setModal(null)}
            onSave={(level) => {
              applyFilter({ ...filter, level });
              setSort(level ? 'Criteria' : filter.period && filter.period !== 'all' ? 'Evaluation Period' : 'Score');
              setModal(null);
            }}
          />
        ) : null}
        {publicMode && modal === 'period' ? (
          <PublicPeriodModal
            value={filter}
            onClose={() => setModal(null)}
            onSave={(period) => {
              applyFilter({ ...filter, period });
              setSort(period !== 'all' ? 'Evaluation Period' : filter.level ? 'Criteria' : 'Score');
              setModal(null);
            }}
          />
        ) : null}
        {!publicMode && modal === 'criteria' ? (
          <CriteriaModal
            publicMode={publicMode}
            value={filter}
            onClose={() => setModal(null)}
            onSave={(criteria) => {
              applyFilter({ ...filter, criteria });
              setSort('Criteria');
              setModal(null);
            }}
          />
        ) : null}
        {!publicMode && modal === 'period' ? (
          <PeriodModal
            value={filter}
            onClose={() => setModal(null)}
            onSave={(period) => {
              applyFilter({ criteria: filter.criteria, ...period });
              setSort(period.from || period.to ? 'Evaluation Period' : filter.criteria?.length ? 'Criteria' : 'Score');
              setModal(null);
            }}
          />
        ) : null}
      </Suspense>
    </Stack>
  );
}

function ActiveFilters({
  filter,
  onCriteria,
  onPeriod,
  onClear,
}: {
  filter: BoardFilter;
  onCriteria: () => void;
  onPeriod: () => void;
  onClear: () => void;
}) {
  const criteria = filter.level
    ? filter.level.name
    : filter.criteria?.length
      ? `${filter.criteria.length} ${filter.criteria.length === 1 ? 'criterion' : 'criteria'}`
      : null;
  const period =
    filter.period && filter.period !== 'all'
      ? PUBLIC_PERIODS[filter.period]
      : filter.from || filter.to
        ? `${filter.from ?? '…'} – ${filter.to ?? '…'}`
        : null;
  if (!criteria && !period) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {criteria ? (
        <Badge variant="light" size="lg" component="button" onClick={onCriteria} style={{ cursor: 'pointer' }}>
          {criteria}
        </Badge>
      ) : null}
      {period ? (
        <Badge variant="light" size="lg" component="button" onClick={onPeriod} style={{ cursor: 'pointer' }}>
          {period}
        </Badge>
      ) : null}
      <Button variant="subtle" size="compact-sm" onClick={onClear}>
        Clear filters
      </Button>
    </Group>
  );
}
