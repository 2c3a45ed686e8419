import classes from './evaluations.module.css';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconCloudCheck, IconCloudUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { parseScore } from '../../../shared/schemas/evaluation';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { useErrorRedirect } from '../../lib/useErrorRedirect';
import { ME_URL, useCan, useMe } from '../../lib/auth';
import { useOfflineReady } from '../../lib/offline-ready';
import { notifySuccess } from '../../lib/notify';
import { MSG } from '../../../shared/messages';
import { allCriteriaQuery, courtsideReads, levelsQuery, teamSheetQuery } from './api';
import { CourtsidePlayerRow } from './CourtsidePlayerRow';
import { NeedsAttention } from './outbox/NeedsAttention';
import { OutboxBanner } from './outbox/OutboxBanner';
import { useOutbox } from './outbox/OutboxProvider';
import { countStates, latestPerPlayer, newClientId } from './outbox/sheet';
import { patchEntries, removeEntries, upsertEntry, type OutboxEntry } from './outbox/store';
import { useSheetDraft } from './outbox/useSheetDraft';
import { nowIso, nowMs } from '../../../shared/clock.js';
import { ageGroupLabel } from '../../../shared/age-groups';
import { roundTo, type Attempt } from '../../../shared/scoring';
import { MeasuredAttempts, type Watch } from '../../components/MeasuredAttempts';
import { attemptText, previewLabel, readAttempts } from '../../components/measured-entry';

type SyncAttempts = readonly (Attempt | string)[] | null | undefined;

/**
 * "Evaluate team" courtside: one criterion, every player of the team. Each tap is stored on the
 * device at once and synced in the background (docs/decisions/0014-offline-courtside.md), so a
 * dropped connection, a reload or a closed tab loses nothing.
 */
export default function TeamEvaluatePage() {
  const teamId = Number(useParams().teamId);
  const can = useCan();
  const canWrite = can('evaluation', 2);
  const { data: me } = useMe();
  const { engine, snapshot } = useOutbox();
  // Coarse pointers (phones, tablets) get tap targets; a mouse and keyboard get typed numbers.
  const touch = useMediaQuery('(max-width: 48em), (pointer: coarse)') ?? false;
  // ?criterion=last (the dashboard's *Score courtside*): open on the criterion this user last scored here.
  const [search, setSearch] = useSearchParams();
  const [draft, updateDraft] = useSheetDraft(me?.id, teamId, search.get('criterion') === 'last');
  // Typed text that is not a valid score yet (a laptop's field), shown with its error; never stored.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState<Record<number, boolean>>({});
  const [noteOpen, setNoteOpen] = useState<Record<number, boolean>>({});
  // A measured test's attempt fields as typed, until they are kept; and the one running stopwatch.
  const [typedAttempts, setTypedAttempts] = useState<Record<number, string[]>>({});
  const [watch, setWatch] = useState<Watch | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const saveButton = useRef<HTMLButtonElement>(null);

  const level = draft?.level ?? '';
  const criterion = draft?.criterion ?? '';
  const levels = useQuery(levelsQuery);
  const criteria = useQuery(allCriteriaQuery);
  const sheet = useQuery({
    ...teamSheetQuery(teamId, criterion ? Number(criterion) : null),
    enabled: Number.isInteger(teamId) && teamId > 0,
  });

  useErrorRedirect(sheet.error, teamId);
  // Applied once the draft loaded; a reload then keeps whatever the user chooses next.
  useEffect(() => {
    if (!draft || !search.has('criterion')) return;
    const next = new URLSearchParams(search);
    next.delete('criterion');
    setSearch(next, { replace: true });
  }, [draft, search, setSearch]);
  // A reload without network opens this sheet as it is now, from its first visit on a new phone.
  const offlineReads = useMemo(() => [ME_URL, ...courtsideReads(teamId, criterion ? Number(criterion) : null)], [teamId, criterion]);
  const offline = useOfflineReady(me?.id, offlineReads, sheet.isSuccess && levels.isSuccess && criteria.isSuccess);

  const kind = levels.data?.find((l) => String(l.id) === level)?.kind;
  const chosen = criteria.data?.find((c) => String(c.id) === criterion);
  const measure = kind === 'measured' ? (chosen?.measure ?? null) : null;
  const players = useMemo(() => sheet.data?.players ?? [], [sheet.data]);
  const madeIds = useRef(new Map<string, string>());
  const latest = useMemo(
    () => (chosen ? latestPerPlayer(snapshot.entries, teamId, chosen.id) : new Map<number, OutboxEntry>()),
    [snapshot.entries, teamId, chosen],
  );
  const counts = countStates(latest.values());
  const shown = new Set(players.map((p) => p.id));
  const elsewhere = snapshot.entries.filter(
    (e) => e.state === 'refused' && !(chosen && e.team_id === teamId && e.criteria_id === chosen.id && shown.has(e.player_id)),
  );
  const scored = players.filter((p) => latest.has(p.id)).length;

  // Opened from the dashboard on a laptop: the first player's field takes the typing at once (select() focuses it).
  const focusFirst = useRef(search.get('criterion') === 'last');
  const rowsShown = !!chosen && !!kind && players.length > 0;
  useEffect(() => {
    if (!rowsShown || !focusFirst.current) return;
    focusFirst.current = false;
    // Selected, so a score already there is replaced by what is typed.
    if (!touch) inputs.current[0]?.select();
  }, [rowsShown, touch]);

  if (sheet.isPending || !draft || !me) return <Loading />;
  if (sheet.isError) return <Text c="red">{sheet.error.message}</Text>;

  const choose = (change: { level?: string; criterion?: string }) => {
    setTyped({});
    setTypedAttempts({});
    setWatch(null);
    setErrors({});
    updateDraft((d) => ({ ...d, ...change, ...(change.level !== undefined ? { criterion: '' } : {}) }));
  };

  const rememberNewId = (slot: string) => {
    const id = newClientId();
    madeIds.current.set(slot, id);
    return id;
  };
  const store = async (playerId: number, score: string | null, notes: string, attempts?: SyncAttempts) => {
    if (!chosen) return;
    setSaving((s) => ({ ...s, [playerId]: true }));
    // Two stores close together (a measured field's Enter, then its blur) must edit one entry: the
    // second runs before `latest` shows the first, so the id made for it is remembered here.
    const slot = `${playerId}:${chosen.id}:${draft.date}`;
    try {
      const previous = latest.get(playerId)?.client_id ?? madeIds.current.get(slot) ?? null;
      await upsertEntry(previous, (editable) =>
        score === null
          ? null
          : {
              client_id: editable?.client_id ?? rememberNewId(slot),
              user_id: me.id,
              team_id: teamId,
              player_id: playerId,
              criteria_id: chosen.id,
              score,
              ...(attempts?.length ? { attempts: [...attempts] } : {}),
              notes: notes.trim(),
              date: draft.date,
              recorded_at: nowIso(),
              state: 'local',
              updated_at: nowIso(),
            },
      );
      engine?.soon();
      if (score !== null && (draft.scored?.level !== level || draft.scored?.criterion !== criterion))
        updateDraft((d) => ({ ...d, scored: { level: d.level, criterion: d.criterion } }));
    } finally {
      setSaving(({ [playerId]: _done, ...rest }) => rest);
    }
  };

  const onScore = (playerId: number, value: string) => {
    if (!kind) return;
    setErrors(({ [playerId]: _cleared, ...rest }) => rest);
    if (value === '') {
      setTyped(({ [playerId]: _gone, ...rest }) => rest);
      // Un-tapping withdraws a score that has not left the device; a synced one stays on the server.
      void store(playerId, null, '');
      return;
    }
    const parsed = parseScore(kind, value);
    if ('error' in parsed) {
      setTyped((t) => ({ ...t, [playerId]: value }));
      setErrors((e) => ({ ...e, [playerId]: parsed.error }));
      return;
    }
    setTyped(({ [playerId]: _gone, ...rest }) => rest);
    void store(playerId, value, draft.notes[playerId] ?? '');
  };

  const onNote = (playerId: number, text: string) => {
    updateDraft((d) => ({ ...d, notes: { ...d.notes, [playerId]: text } }));
    const entry = latest.get(playerId);
    // A note travels with its score: an entry still on the device takes it as typed.
    if (entry && (entry.state === 'local' || entry.state === 'refused')) void store(playerId, String(entry.score), text, entry.attempts);
  };

  // A note changed after its score synced becomes a new evaluation with the same score.
  const onNoteDone = (playerId: number) => {
    const entry = latest.get(playerId);
    const text = (draft.notes[playerId] ?? '').trim();
    if (entry && entry.state === 'synced' && entry.notes !== text) void store(playerId, String(entry.score), text, entry.attempts);
  };

  /** A measured test's fields are done: kept on the device when the scoring module accepts them. */
  const onAttempts = (playerId: number, slots: string[]) => {
    if (!measure || !chosen) return;
    setErrors(({ [playerId]: _cleared, ...rest }) => rest);
    const read = readAttempts(measure, chosen.criteria, slots);
    if ('error' in read) {
      setTypedAttempts((t) => ({ ...t, [playerId]: slots }));
      setErrors((e) => ({ ...e, [playerId]: read.error }));
      return;
    }
    // Kept as typed: the stored entry reaches `latest` only after its write, and a stopwatch stopped
    // before then would otherwise see empty fields and overwrite the first attempt.
    setTypedAttempts((t) => ({ ...t, [playerId]: slots }));
    const filled = slots.map((t) => t.trim()).filter((t) => t !== '');
    void store(playerId, filled.length ? filled.join('; ') : null, draft.notes[playerId] ?? '', read.attempts);
  };

  const attemptsOf = (playerId: number): string[] =>
    typedAttempts[playerId] ?? (latest.get(playerId)?.attempts ?? []).map((a) => (typeof a === 'string' ? a : attemptText(a)));

  // The stopwatch's time goes into the player's first empty attempt (the last one when all are taken).
  const stopWatch = (playerId: number) => {
    if (!watch || !measure) return;
    const seconds = roundTo((nowMs() - watch.startedAt) / 1000, measure.decimals);
    setWatch(null);
    const slots = Array.from({ length: measure.attemptCount }, (_, i) => attemptsOf(playerId)[i] ?? '');
    const free = slots.findIndex((t) => t.trim() === '');
    slots[free === -1 ? slots.length - 1 : free] = String(seconds);
    onAttempts(playerId, slots);
  };

  const measuredLast = (p: (typeof players)[number]): string => {
    const entry = latest.get(p.id);
    const group = ageGroupLabel(p.birth_year ?? null, Number((entry?.date ?? draft.date).slice(0, 4)));
    // The server's label once the tap is there (it knows the percentiles); the device's own until then.
    const synced = entry?.state === 'synced' && p.current?.date === entry.date;
    if (entry && entry.state !== 'refused' && !synced && (!p.current || entry.date >= p.current.date)) {
      const attempts = (entry.attempts ?? []).filter((a): a is Attempt => typeof a !== 'string');
      const label = measure ? previewLabel(measure, attempts, group) : null;
      if (label) return `Last: ${label} on ${entry.date}`;
    }
    return p.current ? `Last: ${p.current.measured ?? p.current.scoreLabel} on ${p.current.date}` : 'Not evaluated yet';
  };

  const onDate = (date: string) => {
    updateDraft((d) => ({ ...d, date }));
    const unsent = [...latest.values()].filter((e) => e.state === 'local' || e.state === 'refused').map((e) => e.client_id);
    if (unsent.length && /^\d{4}-\d{2}-\d{2}$/.test(date))
      void patchEntries(unsent, (e) => (e.state === 'local' || e.state === 'refused' ? { ...e, date } : e));
  };

  const syncNow = async () => {
    const untouched = players.filter((p) => !latest.has(p.id) && (draft.notes[p.id] ?? '').trim());
    if (untouched.length)
      setErrors((e) => ({ ...e, ...Object.fromEntries(untouched.map((p) => [p.id, 'Enter a score to save this note.'])) }));
    if (!engine) return;
    const outcome = await engine.syncNow();
    // Everything this sheet holds is on the server (now, or already by the background sync).
    const sheetIds = new Set([...latest.values()].map((e) => e.client_id));
    const left = engine.getSnapshot().entries.filter((e) => sheetIds.has(e.client_id) && e.state !== 'synced');
    if ((outcome === 'done' || outcome === 'idle') && sheetIds.size > 0 && left.length === 0) notifySuccess(MSG.success);
  };

  return (
    <Stack gap="md" pb={touch ? 80 : 0}>
      <div>
        <Anchor component={Link} to={`/app/team/${teamId}/players`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} /> Back to {sheet.data.team.name}
          </Group>
        </Anchor>
        <Title order={1} size="h2">
          Evaluate team
        </Title>
        <Text className={classes.muted}>{sheet.data.team.name.toUpperCase()}</Text>
        {offline === 'ready' ? (
          <Group gap={6} mt={4} c="teal.9" role="status" wrap="nowrap" align="flex-start">
            <IconCloudCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
            <Text size="sm">{MSG.courtsideReadyOffline}</Text>
          </Group>
        ) : null}
      </div>

      <OutboxBanner snapshot={snapshot} />
      <NeedsAttention entries={elsewhere} />

      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Level"
          placeholder="Choose a level"
          data={(levels.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          value={level || null}
          allowDeselect={false}
          onChange={(v) => choose({ level: v ?? '' })}
          w={{ base: '100%', xs: 200 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Criteria"
          placeholder={level ? 'Choose a criterion' : 'Choose a level first'}
          disabled={!level}
          searchable
          data={(criteria.data ?? []).filter((c) => String(c.level) === level).map((c) => ({ value: String(c.id), label: c.criteria }))}
          value={criterion || null}
          allowDeselect={false}
          nothingFoundMessage="No criteria on this level"
          onChange={(v) => choose({ criterion: v ?? '' })}
          w={{ base: '100%', xs: 260 }}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Date"
          type="date"
          value={draft.date}
          max={dayjs().format('YYYY-MM-DD')}
          onChange={(e) => onDate(e.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
      </Group>

      {players.length === 0 ? (
        <EmptyState />
      ) : !chosen || !kind ? (
        <Text className={classes.muted}>
          Choose a level and a criterion, then score every player of the team. Each score is kept on this device at once and syncs by
          itself.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Players">
          {players.map((p, i) => {
            const entry = latest.get(p.id);
            return (
              <CourtsidePlayerRow
                key={p.id}
                player={p}
                kind={kind}
                value={typed[p.id] ?? (entry ? String(entry.score) : '')}
                entry={entry}
                state={saving[p.id] ? 'saving' : entry?.state}
                error={errors[p.id]}
                note={draft.notes[p.id] ?? ''}
                noteOpen={!!noteOpen[p.id]}
                touch={touch}
                canWrite={canWrite}
                onScore={(v) => onScore(p.id, v)}
                onNote={(t) => onNote(p.id, t)}
                onNoteDone={() => onNoteDone(p.id)}
                onToggleNote={() => setNoteOpen((all) => ({ ...all, [p.id]: !all[p.id] }))}
                onRetry={() =>
                  entry &&
                  void patchEntries([entry.client_id], (e) => ({ ...e, state: 'local', reason: undefined, message: undefined })).then(() =>
                    engine?.syncNow(),
                  )
                }
                onDiscard={() => entry && void removeEntries([entry.client_id])}
                onNext={() => (inputs.current[i + 1] ?? saveButton.current)?.focus()}
                {...(measure
                  ? {
                      last: measuredLast(p),
                      measured: (
                        <MeasuredAttempts
                          def={measure}
                          playerName={p.name}
                          typed={attemptsOf(p.id)}
                          onType={(slots) => setTypedAttempts((t) => ({ ...t, [p.id]: slots }))}
                          onCommit={(slots) => onAttempts(p.id, slots)}
                          preview={(() => {
                            const read = readAttempts(measure, chosen.criteria, attemptsOf(p.id));
                            const group = ageGroupLabel(p.birth_year ?? null, Number(draft.date.slice(0, 4)));
                            return 'error' in read ? null : previewLabel(measure, read.attempts, group);
                          })()}
                          error={!!errors[p.id] || entry?.state === 'refused'}
                          disabled={!canWrite}
                          stopwatch={
                            measure.unit === 's'
                              ? {
                                  watch,
                                  playerId: p.id,
                                  onStart: () => setWatch({ playerId: p.id, startedAt: nowMs() }),
                                  onStop: () => stopWatch(p.id),
                                }
                              : undefined
                          }
                        />
                      ),
                    }
                  : {})}
                inputRef={(el) => {
                  inputs.current[i] = el;
                }}
              />
            );
          })}
        </Stack>
      )}

      {chosen && kind && players.length > 0 && canWrite ? (
        <Paper
          withBorder
          p="sm"
          radius="md"
          shadow={touch ? 'md' : undefined}
          style={touch ? { position: 'sticky', bottom: 8, zIndex: 5 } : undefined}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" aria-live="polite" data-testid="sheet-summary" style={{ minWidth: 0 }}>
              {scored} of {players.length} scored
              {counts.synced ? ` · ${counts.synced} synced` : ''}
              {counts.local + counts.syncing ? ` · ${counts.local + counts.syncing} on this device` : ''}
              {counts.refused ? ` · ${counts.refused} need attention` : ''}
            </Text>
            <Button
              ref={saveButton}
              leftSection={<IconCloudUpload size={18} />}
              onClick={() => void syncNow()}
              loading={snapshot.syncing}
              size={touch ? 'md' : 'sm'}
              // The summary wraps; the button keeps its whole label, and a 44 px tap target on a phone.
              style={{ flexShrink: 0, minHeight: touch ? 44 : undefined }}
            >
              Save all
            </Button>
          </Group>
        </Paper>
      ) : null}
      {Object.keys(errors).length > 1 ? (
        <Alert color="red" role="alert">
          {Object.keys(errors).length} scores need attention.
        </Alert>
      ) : null}
    </Stack>
  );
}
