import classes from './evaluations.module.css';
import { ActionIcon, Alert, Anchor, Avatar, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconDeviceFloppy, IconNote } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EVALUATION_NOTES_MAX, parseScore } from '../../../shared/schemas/evaluation';
import { photoUrl } from '../../../shared/paths';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { ApiError, failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { allCriteriaQuery, levelsQuery, teamSheetQuery, useSaveTeamEvaluations } from './api';
import { ScoreEntry } from './ScoreEntry';

const initialsOf = (name: string) =>
  name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** "Evaluate team": one criterion, every player of the team, one save (issue 4, item 7). */
export default function TeamEvaluatePage() {
  const teamId = Number(useParams().teamId);
  const navigate = useNavigate();
  const can = useCan();
  const canWrite = can('evaluation', 2);
  // Coarse pointers (phones, tablets) get tap targets; a mouse and keyboard get typed numbers.
  const touch = useMediaQuery('(max-width: 48em), (pointer: coarse)') ?? false;
  const [level, setLevel] = useState('');
  const [criterion, setCriterion] = useState('');
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  const [values, setValues] = useState<Record<number, string>>({});
  // Optional per-player notes, behind a note button so the list stays compact on a phone.
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [noteOpen, setNoteOpen] = useState<Record<number, boolean>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const saveButton = useRef<HTMLButtonElement>(null);

  const levels = useQuery(levelsQuery);
  const criteria = useQuery(allCriteriaQuery);
  const sheet = useQuery({
    ...teamSheetQuery(teamId, criterion ? Number(criterion) : null),
    enabled: Number.isInteger(teamId) && teamId > 0,
  });
  const save = useSaveTeamEvaluations(teamId);

  useEffect(() => {
    const e = sheet.error;
    if (!Number.isInteger(teamId) || teamId <= 0 || (e instanceof ApiError && e.status === 404))
      navigate('/app/not-found', { replace: true });
    else if (e instanceof ApiError && e.status === 403) navigate('/app/unauthorized', { replace: true });
  }, [sheet.error, teamId, navigate]);

  const kind = levels.data?.find((l) => String(l.id) === level)?.kind;
  const chosen = criteria.data?.find((c) => String(c.id) === criterion);
  const players = useMemo(() => sheet.data?.players ?? [], [sheet.data]);
  const scored = players.filter((p) => (values[p.id] ?? '') !== '').length;

  const reset = () => {
    setValues({});
    setNotes({});
    setNoteOpen({});
    setErrors({});
    setFailure(null);
  };

  const saveAll = async () => {
    setFailure(null);
    if (!kind || !chosen) return;
    const entries = players.filter((p) => (values[p.id] ?? '') !== '');
    if (entries.length === 0) {
      setFailure('Enter at least one score.');
      return;
    }
    // The shared rule first, so every bad score shows next to its player at once.
    const local: Record<number, string> = {};
    for (const p of entries) {
      const parsed = parseScore(kind, values[p.id]);
      if ('error' in parsed) local[p.id] = parsed.error;
    }
    // A note travels with a score: never drop one silently.
    for (const p of players) if ((values[p.id] ?? '') === '' && (notes[p.id] ?? '').trim()) local[p.id] = 'Enter a score to save this note.';
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await save.mutateAsync({
        criteria_id: chosen.id,
        date,
        scores: entries.map((p) => ({ player_id: p.id, score: values[p.id] ?? '', notes: (notes[p.id] ?? '').trim() })),
      });
      reset();
    } catch (e) {
      const match = e instanceof ApiError ? /^scores\.(\d+)\./.exec(e.field ?? '') : null;
      const player = match ? entries[Number(match[1])] : undefined;
      if (player) setErrors({ [player.id]: (e as ApiError).message });
      else setFailure(failureMessage(e));
    }
  };

  if (sheet.isPending) return <Loading />;
  if (sheet.isError) return <Text c="red">{sheet.error.message}</Text>;

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
      </div>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Level"
          placeholder="Choose a level"
          data={(levels.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          value={level}
          allowDeselect={false}
          onChange={(v) => {
            setLevel(v ?? '');
            setCriterion('');
            reset();
          }}
          w={{ base: '100%', xs: 200 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Criteria"
          placeholder={level ? 'Choose a criteria' : 'Choose a level first'}
          disabled={!level}
          searchable
          data={(criteria.data ?? []).filter((c) => String(c.level) === level).map((c) => ({ value: String(c.id), label: c.criteria }))}
          value={criterion}
          allowDeselect={false}
          nothingFoundMessage="No criteria on this level"
          onChange={(v) => {
            setCriterion(v ?? '');
            reset();
          }}
          w={{ base: '100%', xs: 260 }}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Date"
          type="date"
          value={date}
          max={dayjs().format('YYYY-MM-DD')}
          onChange={(e) => setDate(e.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
      </Group>

      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}

      {players.length === 0 ? (
        <EmptyState />
      ) : !chosen || !kind ? (
        <Text className={classes.muted}>Choose a level and a criteria, then score every player of the team and save once.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Players">
          {players.map((p, i) => (
            <Paper
              component="li"
              key={p.id}
              withBorder
              radius="md"
              p="sm"
              style={errors[p.id] ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
            >
              <Group justify="space-between" wrap={touch ? 'wrap' : 'nowrap'} gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                  <Avatar src={photoUrl(p.profile_img)} alt="" radius="xl" color="blue">
                    {initialsOf(p.name)}
                  </Avatar>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} truncate>
                      {p.name}
                    </Text>
                    <Text size="xs" className={classes.muted}>
                      {p.current ? `Last: ${p.current.scoreLabel} on ${p.current.date}` : 'Not evaluated yet'}
                    </Text>
                  </div>
                  {canWrite ? (
                    <ActionIcon
                      variant={(notes[p.id] ?? '').trim() ? 'light' : 'subtle'}
                      color={(notes[p.id] ?? '').trim() ? undefined : 'gray'}
                      size={touch ? 44 : 'lg'}
                      aria-label={`Note for ${p.name}`}
                      aria-expanded={!!noteOpen[p.id]}
                      aria-controls={noteOpen[p.id] ? `note-${p.id}` : undefined}
                      onClick={() => setNoteOpen((all) => ({ ...all, [p.id]: !all[p.id] }))}
                    >
                      <IconNote size={20} />
                    </ActionIcon>
                  ) : null}
                </Group>
                <div style={touch ? { width: '100%' } : undefined}>
                  <ScoreEntry
                    kind={kind}
                    value={values[p.id] ?? ''}
                    onChange={(v) => {
                      setValues((all) => ({ ...all, [p.id]: v }));
                      setErrors(({ [p.id]: _cleared, ...rest }) => rest);
                    }}
                    onNext={() => (inputs.current[i + 1] ?? saveButton.current)?.focus()}
                    playerName={p.name}
                    touch={touch}
                    error={!!errors[p.id]}
                    inputRef={(el) => {
                      inputs.current[i] = el;
                    }}
                  />
                </div>
              </Group>
              {noteOpen[p.id] ? (
                <Textarea
                  id={`note-${p.id}`}
                  mt="xs"
                  aria-label={`Note on ${p.name}`}
                  placeholder="Optional note, saved with the score"
                  autosize
                  minRows={2}
                  maxRows={6}
                  maxLength={EVALUATION_NOTES_MAX}
                  value={notes[p.id] ?? ''}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setNotes((all) => ({ ...all, [p.id]: text }));
                  }}
                />
              ) : null}
              {errors[p.id] ? (
                <Text c="red" size="sm" mt={6} role="alert">
                  {p.name}: {errors[p.id]}
                </Text>
              ) : null}
            </Paper>
          ))}
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
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" aria-live="polite">
              {scored} of {players.length} scored
            </Text>
            <Button
              ref={saveButton}
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={saveAll}
              loading={save.isPending}
              size={touch ? 'md' : 'sm'}
            >
              Save all
            </Button>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
