import {
  Alert,
  Badge,
  Button,
  Flex,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { IconChecks, IconUsersPlus, IconWand, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ageMismatchText, outsideAgeGroup } from '../../../shared/age-groups';
import {
  BASIS_LABELS,
  DECISION_LABELS,
  DECISIONS,
  TOTAL_BASES,
  type Board,
  type BoardCandidate,
  type Decision,
  type TotalBasis,
} from '../../../shared/schemas/draft';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageHeader } from '../../components/PageHeader';
import { PlayerSearchSelect } from '../../components/PlayerSearchSelect';
import { QueryView } from '../../components/QueryView';
import { failureMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { allTeamsQuery, boardQuery, publishedSessionsQuery, useBoardWrite } from './api';
import { CandidateCard, PickBox } from './CandidateCard';
import { CutLines, tooCloseOn } from './CutLines';
import classes from './drafts.module.css';
import { HistoryModal } from './HistoryModal';
import { RelativeAgeSection } from './RelativeAgeSection';

const POOL = 'pool';

/** A drop target: the pool or a team, with its count against the target. */
function Column({
  id,
  title,
  count,
  target,
  positions,
  pick,
  children,
}: {
  id: string;
  title: string;
  count: number;
  target?: number | null;
  positions?: string;
  /** The column's "select all" box: its cards all, some or none in the selection. */
  pick?: { checked: boolean; indeterminate: boolean; onChange: (on: boolean) => void };
  children: ReactNode;
}) {
  const drop = useDroppable({ id });
  const over = target !== null && target !== undefined && count > target;
  return (
    <Paper
      ref={drop.setNodeRef}
      withBorder
      p="xs"
      w={{ base: '100%', sm: 300 }}
      style={{ flexShrink: 0, outline: drop.isOver ? '2px solid var(--mantine-color-blue-6)' : undefined }}
      role="region"
      aria-label={title}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
          {pick ? <PickBox label={`Select all in ${title}`} {...pick} /> : null}
          <Title order={2} size="h5">
            {title}
          </Title>
        </Group>
        <Badge
          color={over ? 'red.8' : 'gray'}
          variant="light"
          style={{ flexShrink: 0 }}
          aria-label={target === undefined ? `${count} in the pool` : `${count} of ${target ?? 'no target'}`}
        >
          {target === undefined ? count : `${count} / ${target ?? '–'}`}
        </Badge>
      </Group>
      {positions ? (
        <Text size="xs" c="dimmed" mb="xs">
          {positions}
        </Text>
      ) : null}
      <Stack gap="xs" mih={60}>
        {children}
      </Stack>
    </Paper>
  );
}

type Source = 'session' | 'team' | 'manual';

/** Candidates from a published session, from a team, or players picked by name. */
function AddCandidatesModal({ onClose, onAdd }: { onClose: () => void; onAdd: (body: Record<string, unknown>) => Promise<unknown> }) {
  const [kind, setKind] = useState<Source>('session');
  const [value, setValue] = useState<string | null>(null);
  const [players, setPlayers] = useState<number[]>([]);
  const sessions = useQuery(publishedSessionsQuery);
  const teams = useQuery(allTeamsQuery);
  const data =
    kind === 'session'
      ? (sessions.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))
      : (teams.data ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${t.season})` }));
  const body = () =>
    kind === 'manual' ? { player_ids: players } : kind === 'session' ? { session_id: Number(value) } : { team_id: Number(value) };
  return (
    <ConfirmModal
      opened
      title="Add candidates"
      confirmLabel="Add"
      color="blue"
      disabled={kind === 'manual' ? players.length === 0 : !value}
      onClose={onClose}
      onConfirm={() => onAdd(body())}
    >
      <SegmentedControl
        value={kind}
        onChange={(v) => {
          setKind(v as Source);
          setValue(null);
        }}
        data={[
          { value: 'session', label: 'Published session' },
          { value: 'team', label: 'A team' },
          { value: 'manual', label: 'By name' },
        ]}
        fullWidth
      />
      {kind === 'manual' ? (
        <PlayerSearchSelect
          label="Players"
          description="Search by first or last name; pick as many as you like."
          value={players}
          onChange={setPlayers}
        />
      ) : (
        <Select
          label={kind === 'session' ? 'Session' : 'Team'}
          data={data}
          value={value}
          onChange={setValue}
          searchable
          nothingFoundMessage="Nothing found"
        />
      )}
    </ConfirmModal>
  );
}

function BoardView({ board }: { board: Board }) {
  const write = useBoardWrite(board.id);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [historyOf, setHistoryOf] = useState<BoardCandidate | null>(null);
  const [confirm, setConfirm] = useState<'suggest' | 'finalise' | null>(null);
  const [reason, setReason] = useState('');
  // Raw totals unless the director chooses fair ones: the cut lines, the cards and Suggest follow it.
  const [basis, setBasis] = useState<TotalBasis>('raw');
  const [suggestBasis, setSuggestBasis] = useState<TotalBasis>('raw');
  const close = tooCloseOn(board, basis);
  const finalised = board.state === 'finalised';
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor),
  );

  /** Every write names the version on screen; a refusal (409: what changed since) is shown and the board reloads. */
  const send = async (path: string, body: Record<string, unknown>, rethrow = false): Promise<boolean> => {
    setError(null);
    try {
      await write.mutateAsync({ path, body: { expected_version: board.version, ...body } });
      notifySuccess();
      return true;
    } catch (e) {
      setError(failureMessage(e));
      if (rethrow) throw e;
      return false;
    }
  };
  const revise = (changes: Record<string, unknown>[], rethrow = false) => send('/revision', { reason, changes }, rethrow);

  // A move into a team of another age group asks first (shared/age-groups.ts, the rule Suggest keeps).
  const [crossing, setCrossing] = useState<{ c: BoardCandidate; teamId: number; why: string } | null>(null);
  const groups = board.teams.map((t) => t.age_group).filter((g): g is number => g !== null);
  const mismatch = (c: BoardCandidate, teamId: number | null) => {
    const team = board.teams.find((t) => t.team_id === teamId);
    const m = team ? outsideAgeGroup(c.birth_year, team.age_group, groups, board.season_year) : null;
    return m ? ageMismatchText(m) : null;
  };
  const place = (c: BoardCandidate, teamId: number | null, override: boolean, rethrow = false) =>
    finalised
      ? revise([{ player_id: c.player_id, team_id: teamId, override }], rethrow)
      : send('/move', { player_id: c.player_id, team_id: teamId, override }, rethrow);
  const move = (c: BoardCandidate, teamId: number | null) => {
    const why = mismatch(c, teamId);
    if (why && teamId !== null) setCrossing({ c, teamId, why });
    else void place(c, teamId, false);
  };
  const decide = (c: BoardCandidate, d: Decision) =>
    finalised ? revise([{ player_id: c.player_id, decision: d }]) : send(`/candidate/${c.player_id}`, { decision: d });

  // The selection a bulk decision applies to; cards gone from the board drop out of it.
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<Decision>('selected');
  const chosen = board.candidates.filter((c) => picked.has(c.player_id));
  const placed = board.candidates.filter((c) => c.team_id !== null);
  const pick = (ids: number[], on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const pickOf = (cards: BoardCandidate[]) => {
    const n = cards.filter((c) => picked.has(c.player_id)).length;
    return {
      checked: cards.length > 0 && n === cards.length,
      indeterminate: n > 0 && n < cards.length,
      onChange: (on: boolean) =>
        pick(
          cards.map((c) => c.player_id),
          on,
        ),
    };
  };
  const applyBulk = async () => {
    const ids = chosen.map((c) => c.player_id);
    const done = finalised
      ? await revise(ids.map((player_id) => ({ player_id, decision: bulk })))
      : await send('/decisions', { player_ids: ids, decision: bulk });
    if (done) setPicked(new Set());
  };

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over) return;
    const c = board.candidates.find((x) => x.player_id === e.active.id);
    const to = e.over.id === POOL ? null : Number(e.over.id);
    if (c && c.team_id !== to) move(c, to);
  };
  const disabled = write.isPending || (finalised && reason.trim() === '');
  const card = (c: BoardCandidate) => (
    <CandidateCard
      key={c.player_id}
      c={c}
      teams={board.teams}
      disabled={disabled}
      finalised={finalised}
      onMove={(t) => move(c, t)}
      onPin={(p) => void send(`/candidate/${c.player_id}`, { pinned: p })}
      onDecision={(d) => void decide(c, d)}
      onHistory={() => setHistoryOf(c)}
      selected={picked.has(c.player_id)}
      onSelect={(on) => pick([c.player_id], on)}
      basis={basis}
      tooClose={close.has(c.player_id)}
    />
  );
  const pool = board.candidates.filter((c) => c.team_id === null);

  return (
    <>
      <PageHeader title={board.name}>
        {finalised ? null : (
          <Group>
            <Button variant="default" leftSection={<IconUsersPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
              Add candidates
            </Button>
            <Button
              variant="default"
              leftSection={<IconWand size={18} aria-hidden />}
              onClick={() => {
                setSuggestBasis(basis);
                setConfirm('suggest');
              }}
              disabled={!board.candidates.length}
            >
              Suggest
            </Button>
            <Button
              leftSection={<IconLock size={18} aria-hidden />}
              onClick={() => setConfirm('finalise')}
              disabled={!board.candidates.length}
            >
              Finalise
            </Button>
          </Group>
        )}
      </PageHeader>
      <Group gap="xs" mt={-8} mb="md">
        <Text c="dimmed">{board.season_name}</Text>
        <Badge color={finalised ? 'teal.9' : 'blue'}>{finalised ? 'Finalised' : 'Open'}</Badge>
        <Text size="sm" c="dimmed">
          Version {board.version} · <Link to="/app/teams/drafts">All drafts</Link>
          {finalised ? (
            <>
              {' · '}
              <Link to={`/app/teams/drafts/${board.id}/offers`}>Offers</Link>
            </>
          ) : null}
        </Text>
      </Group>
      {error ? (
        <Alert color="red" role="alert" mb="md" withCloseButton onClose={() => setError(null)} closeButtonLabel="Dismiss">
          {error}
        </Alert>
      ) : null}
      {finalised ? (
        <TextInput
          mb="md"
          label="Reason for a revision"
          description="This draft is finalised and locked. A move or a decision now is a revision: it changes the team memberships and is recorded with this reason."
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      ) : null}
      {board.candidates.length === 0 ? (
        <Text c="dimmed" mb="md">
          No candidates yet: add them from a published session, a team or by name with Add candidates.
        </Text>
      ) : (
        <Group mb="xs" gap="xs">
          <Button
            variant="default"
            leftSection={<IconChecks size={18} aria-hidden />}
            disabled={placed.length === 0}
            onClick={() =>
              pick(
                placed.map((c) => c.player_id),
                true,
              )
            }
          >
            Select all placed
          </Button>
        </Group>
      )}
      <CutLines board={board} basis={basis} onBasis={setBasis} />
      <DndContext
        sensors={sensors}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable:
              'Press space to pick a player up, the arrow keys to move, space to drop, escape to cancel. The Move button does the same from a menu.',
          },
        }}
      >
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          gap="md"
          align={{ base: 'stretch', sm: 'flex-start' }}
          style={{ overflowX: 'auto' }}
          pb="md"
        >
          <Column id={POOL} title="Pool" count={pool.length} pick={pickOf(pool)}>
            {pool.map(card)}
          </Column>
          {board.teams.map((t) => {
            const positions = Object.entries(t.position_targets)
              .map(([p, n]) => `${p} ${t.position_counts[p] ?? 0}/${n}`)
              .join(' · ');
            const mine = board.candidates.filter((c) => c.team_id === t.team_id);
            return (
              <Column
                key={t.team_id}
                id={String(t.team_id)}
                title={t.name}
                count={t.count}
                target={t.target_size}
                positions={positions}
                pick={pickOf(mine)}
              >
                {mine.map(card)}
              </Column>
            );
          })}
        </Flex>
      </DndContext>
      {chosen.length ? (
        <Paper withBorder shadow="md" p="xs" className={classes.bar} role="region" aria-label="Decision for the selected">
          <Group gap="xs" wrap="wrap" align="center">
            <Text size="sm" fw={600} aria-live="polite">
              {chosen.length} selected
            </Text>
            <NativeSelect
              aria-label="Decision for the selected players"
              data={DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d] }))}
              value={bulk}
              onChange={(e) => setBulk(e.currentTarget.value as Decision)}
              style={{ flex: '1 1 9rem', maxWidth: '14rem' }}
            />
            <Button onClick={() => void applyBulk()} disabled={disabled} loading={write.isPending}>
              Set for {chosen.length}
            </Button>
            <Button variant="default" onClick={() => setPicked(new Set())}>
              Clear selection
            </Button>
          </Group>
        </Paper>
      ) : null}
      <ConfirmModal
        opened={crossing !== null}
        title="Move across age groups"
        confirmLabel="Move anyway"
        onClose={() => setCrossing(null)}
        onConfirm={() => (crossing ? place(crossing.c, crossing.teamId, true, true) : Promise.resolve())}
      >
        {crossing ? (
          <>
            <Text fw={600}>{crossing.why}.</Text>
            <Text>
              {crossing.c.name} is not of the age group of {board.teams.find((t) => t.team_id === crossing.teamId)?.name}: Suggest would not
              place them there. Move them anyway? The override is recorded in the draft&apos;s history.
            </Text>
          </>
        ) : null}
      </ConfirmModal>
      <RelativeAgeSection draftId={board.id} />
      {historyOf ? <HistoryModal draftId={board.id} candidate={historyOf} onClose={() => setHistoryOf(null)} /> : null}
      {adding ? <AddCandidatesModal onClose={() => setAdding(false)} onAdd={(body) => send('/candidates', body, true)} /> : null}
      <ConfirmModal
        opened={confirm === 'suggest'}
        title="Suggest placements"
        confirmLabel="Suggest"
        color="blue"
        onClose={() => setConfirm(null)}
        onConfirm={() => send('/suggest', { basis: suggestBasis }, true)}
      >
        <Text>
          Suggest places every unpinned candidate again, best total first, into the team with the weakest total (a snake draft), up to each
          target, and only into teams of their age group (a team named U14… takes the players born for it). Pinned players stay where they
          are.
        </Text>
        <SegmentedControl
          aria-label="Suggest orders by"
          mt="sm"
          fullWidth
          value={suggestBasis}
          onChange={(v) => setSuggestBasis(v as TotalBasis)}
          data={TOTAL_BASES.map((b) => ({ value: b, label: BASIS_LABELS[b] }))}
        />
        <Text size="sm" c="dimmed" mt={4}>
          {suggestBasis === 'fair'
            ? 'Fair totals take out how harsh or lenient the evaluators each player had were; players not from a session keep their total.'
            : 'Raw totals: the session results as published.'}{' '}
          The history records which.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={confirm === 'finalise'}
        title="Finalise the draft"
        confirmLabel="Finalise"
        color="blue"
        onClose={() => setConfirm(null)}
        onConfirm={() => send('/finalise', {}, true)}
      >
        <Text>
          Every selected player placed in a team becomes a member of that team. The draft is then locked: later changes need a written
          reason.
        </Text>
      </ConfirmModal>
    </>
  );
}

/** /app/teams/drafts/:id: the draft board (docs/product.md#draft-board). */
export default function DraftBoardPage() {
  const id = Number(useParams().id);
  const board = useQuery(boardQuery(id));
  return (
    <QueryView query={board} noun="draft" isEmpty={() => false}>
      {(b) => <BoardView board={b} />}
    </QueryView>
  );
}
