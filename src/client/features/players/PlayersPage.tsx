import { ActionIcon, Badge, Button, Group, Menu, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronDown,
  IconClipboardList,
  IconDots,
  IconDownload,
  IconFileImport,
  IconUserPlus,
  IconUsersPlus,
  IconTarget,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { canAddPlayers } from '../../../shared/permissions';
import type { PlayerListItem } from '../../../shared/schemas/player';
import { BulkEvaluationModal } from '../../components/BulkEvaluationModal';
import { QueryView } from '../../components/QueryView';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { LatestEvaluationsModal } from '../../components/LatestEvaluationsModal';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { useCan, useMe } from '../../lib/auth';
import { useFilterSpinner } from '../../lib/useFilterSpinner';
import { playersQuery, teamOptionsQuery } from './api';
import { BulkPlayersModal } from './BulkPlayersModal';
import { DeletePlayerModal } from './DeletePlayerModal';
import { ExportPlayersModal } from './ExportPlayersModal';
import { PlayerCard, type CardAction } from './PlayerCard';
import { PlayerFormModal } from './PlayerFormModal';
import { RemoveFromTeamModal } from './RemoveFromTeamModal';
import { useErrorRedirect } from '../../lib/useErrorRedirect';
import classes from './players.module.css';

const PAGE_SIZE = 48;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The evaluation filter of the address (the dashboard's links): ?evaluated=yes|no&from=&to=. */
function evaluationFilter(search: URLSearchParams) {
  const evaluated = search.get('evaluated');
  if (evaluated !== 'yes' && evaluated !== 'no') return null;
  const day = (key: string) => (DAY.test(search.get(key) ?? '') ? search.get(key)! : undefined);
  const [from, to] = [day('from'), day('to')];
  const when = from && to ? `between ${from} and ${to}` : from ? `since ${from}` : to ? `until ${to}` : 'ever';
  return { evaluated, from, to, label: `${evaluated === 'yes' ? 'Evaluated' : 'Not evaluated'} ${when}` } as const;
}

type Dialog = { kind: CardAction; player: PlayerListItem } | { kind: 'add' | 'bulk' | 'export' } | null;

/** Players (/app/players) and TeamPlayers (/app/team/:teamId/players), docs/product.md#screens "Players list". */
export default function PlayersPage() {
  const params = useParams();
  const routeTeamId = params.teamId ? Number(params.teamId) : null;
  const teamRoute = routeTeamId !== null;
  const [search, setSearch] = useSearchParams();
  const can = useCan();
  const { data: me } = useMe();
  const canManage = can('players', 2);
  const canAdd = canAddPlayers(me ? { permissions: me.permissions, roleAdmin: me.admin } : null);

  const [filterTeam, setFilterTeam] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query.trim(), 300);
  const pager = useCursorPages();
  const spinning = useFilterSpinner(filterTeam);
  const [dialog, setDialog] = useState<Dialog>(null);

  const teamOptions = useQuery({ ...teamOptionsQuery, enabled: !teamRoute });
  const teamId = teamRoute ? routeTeamId : filterTeam ? Number(filterTeam) : null;
  const evaluation = evaluationFilter(search);
  const list = useQuery({
    ...playersQuery({
      teamRoute,
      teamId,
      q,
      evaluated: evaluation?.evaluated,
      from: evaluation?.from,
      to: evaluation?.to,
      after: pager.after,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const clearEvaluation = () => {
    const next = new URLSearchParams(search);
    for (const key of ['evaluated', 'from', 'to']) next.delete(key);
    setSearch(next);
    pager.reset();
  };
  useErrorRedirect(list.error);

  const routeTeam = list.data?.team ?? null;
  const filterName = teamOptions.data?.find((t) => String(t.id) === filterTeam)?.name;
  const heading = teamRoute ? (routeTeam ? `${routeTeam.name} Players` : 'Players') : filterName ? `${filterName} Players` : 'All Players';
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const players = list.data?.data ?? [];
  const openAction = (kind: CardAction, player: PlayerListItem) => setDialog({ kind, player });
  const close = () => setDialog(null);
  if (teamRoute && !(Number.isInteger(routeTeamId) && routeTeamId! > 0)) return <Navigate to="/app/not-found" replace />;

  return (
    <Stack gap="md">
      <PageHeader title={heading}>
        {teamRoute && can('evaluation', 2) ? (
          <Button component={Link} to={`/app/team/${routeTeamId}/evaluate`} variant="light" leftSection={<IconClipboardList size={18} />}>
            Evaluate team
          </Button>
        ) : null}
        {teamRoute ? (
          <Button component={Link} to={`/app/team/${routeTeamId}/goals`} variant="light" leftSection={<IconTarget size={18} />}>
            Team goals
          </Button>
        ) : null}
        {canAdd ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button rightSection={<IconChevronDown size={16} />} leftSection={<IconUserPlus size={18} />}>
                Add New Player
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
                Add Single
              </Menu.Item>
              <Menu.Item leftSection={<IconUsersPlus size={16} />} onClick={() => setDialog({ kind: 'bulk' })}>
                Add Bulk
              </Menu.Item>
              <Menu.Item component={Link} to="/app/players/import" leftSection={<IconFileImport size={16} />}>
                Import with preview
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={36} aria-label="More player actions">
              <IconDots size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {can('evaluation', 2) ? (
              <Menu.Item
                leftSection={<IconClipboardList size={16} />}
                onClick={() => {
                  const next = new URLSearchParams(search);
                  next.set('bulkEvaluation', '1');
                  setSearch(next);
                }}
              >
                Bulk Evaluation
              </Menu.Item>
            ) : null}
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => setDialog({ kind: 'export' })}>
              Export Players
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </PageHeader>

      <Group gap="sm" align="flex-end" wrap="wrap">
        {!teamRoute ? (
          <Select
            label="Filter by"
            data={[{ value: '', label: 'All Teams' }, ...(teamOptions.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))]}
            value={filterTeam ?? ''}
            onChange={(v) => {
              setFilterTeam(v ? v : null);
              pager.reset();
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <SearchInput
          label="Search"
          placeholder="Player name"
          value={query}
          onSearch={(text) => (setQuery(text), pager.reset())}
          w={{ base: '100%', xs: 240 }}
          type="search"
        />
        {evaluation ? (
          // On a phone the dates wrap: neither the filter nor "Clear filter" is cut.
          <Group gap={6} pb={4} wrap="wrap">
            <Badge variant="light" size="lg" tt="none" h="auto" maw="100%" styles={{ label: { whiteSpace: 'normal' } }}>
              {evaluation.label}
            </Badge>
            <Button variant="subtle" size="compact-sm" onClick={clearEvaluation} style={{ flexShrink: 0 }}>
              Clear filter
            </Button>
          </Group>
        ) : null}
        {list.data ? (
          <Text size="sm" className={classes.muted} pb={8} aria-live="polite">
            {total} player{total === 1 ? '' : 's'}
          </Text>
        ) : null}
      </Group>

      <QueryView query={list} busy={spinning} noun="players" isEmpty={() => players.length === 0}>
        {() => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
              {players.map((p) => (
                <PlayerCard
                  key={p.id}
                  player={p}
                  canManage={canManage}
                  canEvaluate={can('evaluation', 1)}
                  canAnalyse={can('reports', 1)}
                  onTeamRoute={teamRoute}
                  onAction={openAction}
                />
              ))}
            </SimpleGrid>
            <CursorPager page={pager.page} pages={pages} next={list.data?.next} onNext={pager.next} onPrevious={pager.previous} />
          </>
        )}
      </QueryView>

      <PlayerFormModal
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        onClose={close}
        player={dialog?.kind === 'edit' ? dialog.player : null}
        teamId={teamId ?? undefined}
      />
      <BulkPlayersModal opened={dialog?.kind === 'bulk'} onClose={close} teamId={teamId ?? undefined} />
      <ExportPlayersModal opened={dialog?.kind === 'export'} onClose={close} teamId={teamId ?? undefined} />
      <DeletePlayerModal player={dialog?.kind === 'delete' ? dialog.player : null} onClose={close} />
      {routeTeam ? (
        <RemoveFromTeamModal player={dialog?.kind === 'remove' ? dialog.player : null} team={routeTeam} onClose={close} />
      ) : null}
      <BulkEvaluationModal
        opened={search.get('bulkEvaluation') === '1'}
        onClose={() => {
          const next = new URLSearchParams(search);
          next.delete('bulkEvaluation');
          setSearch(next, { replace: true });
        }}
      />
      {dialog?.kind === 'evaluation' ? (
        <LatestEvaluationsModal playerId={dialog.player.id} playerName={dialog.player.name} opened onClose={close} />
      ) : null}
    </Stack>
  );
}
