import { Alert, Avatar, Badge, Box, Button, Card, Group, SegmentedControl, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { SessionScoreEntry, SessionSheet } from '../../../shared/schemas/eval-session';
import { photoUrl } from '../../../shared/paths';
import { combineAttempts, formatMeasure, NO, YES, type Attempt } from '../../../shared/scoring';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { MeasuredAttempts } from '../../components/MeasuredAttempts';
import { attemptText, readAttempts } from '../../components/measured-entry';
import { ScoreEntry } from '../../components/ScoreEntry';
import { SearchInput } from '../../components/SearchInput';
import { ApiError } from '../../lib/api';
import { sessionKeys, type SheetSource } from './api';
import { lastSheet, saveSheet, scoreKey } from './scoreQueue';
import { useScoreQueue } from './useScoreQueue';

type Player = SessionSheet['players'][number];

const toText = (kind: string, score: number | undefined) =>
  score === undefined ? '' : kind === 'yes_no' ? (score === YES ? 'Yes' : 'No') : String(score);
const toScore = (text: string) => (text === 'Yes' ? YES : text === 'No' ? NO : Number(text));

/** A guest cannot load photos with an <img> (the token is a header): fetched once, shown from memory. */
function useGuestPhoto(source: SheetSource, player: Player): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!source.photo || !player.photo) return;
    let revoked = false;
    let made: string | undefined;
    source.photo(player.playerId).then(
      (blob) => {
        if (revoked) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [source, player.playerId, player.photo]);
  return source.photo ? url : photoUrl(player.photo);
}

function PlayerPhoto({ source, player }: { source: SheetSource; player: Player }) {
  return (
    <Avatar src={useGuestPhoto(source, player)} alt="" radius="xl" size={44} color="blue">
      {player.name.slice(0, 1)}
    </Avatar>
  );
}

const STATE = {
  local: { label: 'Saved on this device', color: 'yellow' },
  syncing: { label: 'Syncing', color: 'blue' },
  synced: { label: 'Synced', color: 'green' },
  refused: { label: 'Needs attention', color: 'red' },
} as const;

interface Props {
  source: SheetSource;
  /** The caller learnt that the session has closed (the guest's status). */
  closed?: boolean;
  onEnded?: (message: string) => void;
  onNotMe?: () => void;
}

/**
 * An evaluator's sheet in a session, for staff and guests alike: pick a criterion, find a player by
 * number or name, tap a score. Only this evaluator's own scores are ever shown (blind scoring). Once
 * the session has closed it says so, shows the scores that did not reach the server as not counted,
 * and takes no more taps.
 */
export function ScoringSheet({ source, closed: closedOutside = false, onEnded, onNotMe }: Props) {
  const client = useQueryClient();
  const sheetKey = ['session-sheet', source.key];
  const [loadedClosed, setLoadedClosed] = useState(false);
  const sheet = useQuery({
    queryKey: sheetKey,
    queryFn: async ({ signal }) => {
      try {
        const s = await source.load(signal);
        await saveSheet(source.key, s);
        return s;
      } catch (e) {
        // Offline: the sheet last loaded on this device, so scoring goes on. Closed: the same sheet,
        // to show what did and did not count.
        const closed = source.closed(e);
        const kept = e instanceof ApiError && !closed ? undefined : await lastSheet(source.key);
        if (kept) {
          if (closed) setLoadedClosed(true);
          return kept;
        }
        throw e;
      }
    },
    retry: false,
  });

  const merge = (saved: SessionScoreEntry[]) => {
    // A director who scores too sees their own progress at once back on the session page.
    void client.invalidateQueries({ queryKey: sessionKeys.all, refetchType: 'none' });
    client.setQueryData<SessionSheet>(sheetKey, (s) => {
      if (!s) return s;
      const scores = new Map(s.scores.map((x) => [`${x.playerId}|${x.criterionId}`, x]));
      for (const x of saved) {
        // A measured test's points are read by the server; the sheet shows the attempts entered.
        const attempts = x.attempts?.filter((a): a is Attempt => typeof a !== 'string');
        scores.set(`${x.playerId}|${x.criterionId}`, {
          playerId: x.playerId,
          criterionId: x.criterionId,
          score: x.score ?? 0,
          ...(attempts ? { attempts } : {}),
        });
      }
      const next = { ...s, scores: [...scores.values()] };
      void saveSheet(source.key, next);
      return next;
    });
  };
  const queue = useScoreQueue(source, merge);
  const closed = queue.closed || closedOutside || loadedClosed;
  const { close } = queue;
  useEffect(() => {
    if ((closedOutside || loadedClosed) && !queue.closed) void close();
  }, [closedOutside, loadedClosed, queue.closed, close]);

  const data = sheet.data;
  const criteria = data?.session.criteria ?? [];
  const [criterionId, setCriterionId] = useState<string | null>(null);
  const criterion = criteria.find((c) => String(c.criterionId) === criterionId) ?? criteria[0];
  const [search, setSearch] = useState('');
  const [presentOnly, setPresentOnly] = useState(true);
  // A measured test's fields as typed, per player and criterion; and why the last ones typed cannot be kept.
  const [typed, setTyped] = useState<Record<string, string[]>>({});
  const [typedError, setTypedError] = useState<Record<string, string>>({});
  const anyPresent = data?.players.some((p) => p.present) ?? false;

  const players = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = (data?.players ?? []).filter((p) => !(presentOnly && anyPresent) || p.present);
    const found = q ? list.filter((p) => (/^\d+$/.test(q) ? String(p.bib ?? '').startsWith(q) : p.name.toLowerCase().includes(q))) : list;
    return [...found].sort((a, b) => (a.bib ?? Infinity) - (b.bib ?? Infinity) || a.name.localeCompare(b.name));
  }, [data, search, presentOnly, anyPresent]);

  const status = sheet.error instanceof ApiError ? sheet.error.status : null;
  useEffect(() => {
    if ((status === 401 || status === 409 || status === 410) && sheet.error) onEnded?.(sheet.error.message);
  }, [status, sheet.error, onEnded]);

  if (sheet.isPending) return <Loading label="Loading the sheet" />;
  if (!data || !criterion) {
    return (
      <Alert color="red" role="alert" title="The sheet could not be loaded">
        {sheet.error instanceof Error ? sheet.error.message : 'Please reload the page.'}
      </Alert>
    );
  }

  const serverScore = new Map(data.scores.map((s) => [`${s.playerId}|${s.criterionId}`, s.score]));
  const serverAttempts = new Map(data.scores.map((s) => [`${s.playerId}|${s.criterionId}`, s.attempts]));
  const measure = criterion.kind === 'measured' ? (criterion.measure ?? null) : null;
  const valueOf = (p: Player) => {
    const q = queue.waiting.get(scoreKey(source.key, p.playerId, criterion.criterionId));
    return q ? (q.score ?? (q.attempts ? 0 : undefined)) : serverScore.get(`${p.playerId}|${criterion.criterionId}`);
  };
  const cell = (p: Player) => `${p.playerId}|${criterion.criterionId}`;
  /** The attempts kept for a player: waiting on the device, else what the server has. */
  const keptAttempts = (p: Player): Attempt[] => {
    const q = queue.waiting.get(scoreKey(source.key, p.playerId, criterion.criterionId));
    const list = q ? (q.attempts ?? []) : (serverAttempts.get(cell(p)) ?? []);
    return list.filter((a): a is Attempt => typeof a !== 'string');
  };
  const attemptsOf = (p: Player): string[] => typed[cell(p)] ?? keptAttempts(p).map(attemptText);
  const keptText = (p: Player): string | null => {
    const kept = keptAttempts(p);
    return measure && kept.length ? formatMeasure(measure, combineAttempts(measure, kept), kept) : null;
  };
  /** A measured test's fields are done: kept on the device when the scoring module accepts them. */
  const commitAttempts = (p: Player, slots: string[]) => {
    if (!measure) return;
    const read = readAttempts(measure, criterion.name, slots);
    if ('error' in read) {
      setTypedError((e) => ({ ...e, [cell(p)]: read.error }));
      return;
    }
    setTypedError(({ [cell(p)]: _, ...rest }) => rest);
    if (read.attempts.length) void queue.record({ playerId: p.playerId, criterionId: criterion.criterionId, attempts: read.attempts });
  };
  const stateOf = (p: Player): keyof typeof STATE | null => {
    const q = queue.waiting.get(scoreKey(source.key, p.playerId, criterion.criterionId));
    if (q) return q.state === 'refused' ? 'refused' : queue.syncing && queue.online ? 'syncing' : 'local';
    return serverScore.has(`${p.playerId}|${criterion.criterionId}`) ? 'synced' : null;
  };
  // Closed: only what the server has counts.
  const done = players.filter((p) =>
    closed ? serverScore.has(`${p.playerId}|${criterion.criterionId}`) : valueOf(p) !== undefined,
  ).length;
  const refused = [...queue.waiting.values()].filter((q) => q.state === 'refused');
  const nameOf = (playerId: number) => data.players.find((p) => p.playerId === playerId)?.name ?? `Player ${playerId}`;

  return (
    <Stack gap="sm">
      <div>
        <Title order={2}>{data.session.name}</Title>
        <Text size="sm" c="dimmed">
          Scoring as {data.evaluator.name}. Only your own scores are shown.
          {onNotMe ? (
            <>
              {' '}
              <Button variant="subtle" size="compact-sm" onClick={onNotMe}>
                Not you?
              </Button>
            </>
          ) : null}
        </Text>
      </div>
      {closed ? (
        <Alert color="red" role="alert">
          {MSG.sheetClosed}
        </Alert>
      ) : !queue.online ? (
        <Alert color="yellow" icon={<IconCloudOff size={18} />} role="status" title="You are offline">
          {queue.pending} {queue.pending === 1 ? 'score is' : 'scores are'} saved on this device and will be sent when the connection
          returns.
        </Alert>
      ) : queue.pending ? (
        <Text size="sm" role="status">
          {queue.pending} {queue.pending === 1 ? 'score' : 'scores'} waiting to sync.
        </Text>
      ) : null}
      {refused.length ? (
        <Alert color="red" title={closed ? 'Not counted' : 'Needs attention'} role="alert">
          <Stack gap={4}>
            {refused.map((q) => (
              <Group key={q.key} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {nameOf(q.playerId)}: {q.reason}
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => void queue.drop(q.key)} style={{ flexShrink: 0 }}>
                  Discard
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {criteria.length <= 3 ? (
        <SegmentedControl
          aria-label="Criterion"
          fullWidth
          value={String(criterion.criterionId)}
          onChange={setCriterionId}
          data={criteria.map((c) => ({ value: String(c.criterionId), label: c.name }))}
        />
      ) : (
        <Select
          label="Criterion"
          allowDeselect={false}
          value={String(criterion.criterionId)}
          onChange={setCriterionId}
          data={criteria.map((c) => ({ value: String(c.criterionId), label: `${c.levelName}: ${c.name}` }))}
        />
      )}
      <SearchInput label="Find a player" placeholder="Number or name" value={search} onSearch={setSearch} type="search" />
      {anyPresent ? (
        <Switch label="Checked-in players only" checked={presentOnly} onChange={(e) => setPresentOnly(e.currentTarget.checked)} />
      ) : null}
      <Text size="sm" aria-live="polite">
        {done} of {players.length} players scored on {criterion.name}
      </Text>
      {players.length === 0 ? (
        <EmptyState text={search ? 'No player matches this number or name.' : 'No players checked in yet.'} />
      ) : (
        players.map((p) => {
          const state = stateOf(p);
          return (
            <Card key={p.playerId} withBorder padding="sm" data-testid="sheet-player">
              {/* The number and the name never give way (a player is found by them): the name wraps, and the
                  sync state has its own line under it, kept even while empty so a tap moves no card. */}
              <Group wrap="nowrap" align="flex-start" gap="sm" mb="xs">
                <PlayerPhoto source={source} player={p} />
                {p.bib !== null ? (
                  <Badge size="lg" variant="light" aria-label={`Number ${p.bib}`} style={{ flexShrink: 0, overflow: 'visible' }} mt={8}>
                    #{p.bib}
                  </Badge>
                ) : null}
                <Stack gap={4} miw={0} style={{ flex: 1 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Text>
                  <Box mih={20}>
                    {state ? (
                      <Badge color={STATE[state].color} variant="light" maw="100%">
                        {closed && state === 'refused' ? 'Not counted' : STATE[state].label}
                      </Badge>
                    ) : null}
                  </Box>
                </Stack>
              </Group>
              {closed ? (
                <Text size="sm">
                  {valueOf(p) === undefined
                    ? 'Not scored'
                    : measure
                      ? `Your value: ${keptText(p) ?? '—'}`
                      : `Your score: ${toText(criterion.kind, valueOf(p))}`}
                </Text>
              ) : measure ? (
                <Stack gap={4}>
                  <MeasuredAttempts
                    def={measure}
                    playerName={p.name}
                    typed={attemptsOf(p)}
                    onType={(next) => setTyped((t) => ({ ...t, [cell(p)]: next }))}
                    onCommit={(slots) => commitAttempts(p, slots)}
                    preview={keptText(p)}
                    error={state === 'refused' || !!typedError[cell(p)]}
                  />
                  {typedError[cell(p)] ? (
                    <Text size="sm" c="red.8" role="alert">
                      {typedError[cell(p)]}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                <ScoreEntry
                  kind={criterion.kind}
                  value={toText(criterion.kind, valueOf(p))}
                  onChange={(text) => {
                    if (text !== '') void queue.record({ playerId: p.playerId, criterionId: criterion.criterionId, score: toScore(text) });
                  }}
                  onNext={() => undefined}
                  playerName={p.name}
                  touch
                  error={state === 'refused'}
                  inputRef={null}
                />
              )}
            </Card>
          );
        })
      )}
    </Stack>
  );
}
