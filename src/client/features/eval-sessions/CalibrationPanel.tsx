import { Alert, Button, Card, Group, List, MultiSelect, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Calibration, CalibrationFeedback } from '../../../shared/schemas/calibration';
import { CALIBRATION_MAX_PLAYERS, CALIBRATION_MIN_PLAYERS } from '../../../shared/schemas/calibration';
import type { SessionDetail } from '../../../shared/schemas/eval-session';
import { NO, YES } from '../../../shared/scoring';
import { DataTable } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { failureMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { calibrationQuery, useCalibrationPlayers, useCalibrationScores } from './api';

const key = (playerId: number, criterionId: number) => `${playerId}:${criterionId}`;
const SCALE = Array.from({ length: 10 }, (_, i) => String(i + 1));
const toText = (kind: string, score: number) => (kind === 'yes_no' ? (score === YES ? 'Yes' : 'No') : String(score));
const toScore = (text: string) => (text === 'Yes' ? YES : text === 'No' ? NO : Number(text));

/** "Overall: 20 percentage points lower than the panel", then one line per criterion. */
function FeedbackLines({ f }: { f: CalibrationFeedback }) {
  return (
    <List size="sm" spacing={2}>
      <List.Item>
        <b>Overall</b>: {f.total.words}
      </List.Item>
      {f.criteria.map((c) => (
        <List.Item key={c.criterionId}>
          <b>{c.name}</b>: {c.words}
        </List.Item>
      ))}
    </List>
  );
}

/** The director chooses the round's 3–5 players among the session's. */
function ChoosePlayers({ detail, calibration }: { detail: SessionDetail; calibration: Calibration }) {
  const save = useCalibrationPlayers(detail.session.id);
  const current = calibration.players.map((p) => String(p.playerId));
  const [chosen, setChosen] = useState<string[]>(current);
  const currentKey = current.join(',');
  useEffect(() => setChosen(currentKey ? currentKey.split(',') : []), [currentKey]);
  const [error, setError] = useState<string | null>(null);
  const submit = (ids: string[]) =>
    save.mutateAsync({ playerIds: ids.map(Number) }).then(
      () => setError(null),
      (e: unknown) => setError(failureMessage(e)),
    );
  if (!calibration.accepting) return null;
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Players of the calibration round"
        description={`Choose ${CALIBRATION_MIN_PLAYERS} to ${CALIBRATION_MAX_PLAYERS} players every evaluator will score before the tryout.`}
        data={detail.players.map((p) => ({ value: String(p.playerId), label: `${p.firstName} ${p.lastName}` }))}
        value={chosen}
        onChange={setChosen}
        maxValues={CALIBRATION_MAX_PLAYERS}
        searchable
        error={error}
        size="lg"
      />
      <Group gap="xs">
        <Button onClick={() => void submit(chosen)} loading={save.isPending} h={44}>
          {current.length ? 'Save the players' : 'Start the calibration round'}
        </Button>
        {current.length ? (
          <Button variant="default" color="red" h={44} onClick={() => void submit([])} disabled={save.isPending}>
            End the round
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** An evaluator scores the round's players, each criterion with a plain list of scores. */
function ScoreRound({ sessionId, calibration }: { sessionId: number; calibration: Calibration }) {
  const send = useCalibrationScores(sessionId);
  const saved = new Map(calibration.myScores.map((s) => [key(s.playerId, s.criterionId), s.score]));
  const [values, setValues] = useState<Record<string, string>>({});
  const value = (playerId: number, criterionId: number, kind: string) => {
    const k = key(playerId, criterionId);
    if (values[k] !== undefined) return values[k];
    const s = saved.get(k);
    return s === undefined ? '' : toText(kind, s);
  };
  const entries = calibration.players.flatMap((p) =>
    calibration.criteria.flatMap((c) => {
      const v = value(p.playerId, c.criterionId, c.kind);
      return v === '' ? [] : [{ playerId: p.playerId, criterionId: c.criterionId, score: toScore(v) }];
    }),
  );
  const submit = () =>
    send.mutateAsync(entries).then(
      (outcomes) => {
        const refused = outcomes.find((o) => o.status === 'refused');
        if (refused) notifyError(refused.reason ?? 'A score was refused.');
        else notifySuccess('Calibration scores saved.');
        setValues({});
      },
      (e: unknown) => notifyError(failureMessage(e)),
    );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {calibration.players.map((p) => (
          <Card key={p.playerId} withBorder padding="sm" data-testid="calibration-player">
            <Text fw={600} mb={4}>
              {p.bib !== null ? `#${p.bib} ` : ''}
              {p.name}
            </Text>
            <Stack gap={6}>
              {calibration.criteria.map((c) => (
                <NativeSelect
                  key={c.criterionId}
                  label={`${c.name} for ${p.name}`}
                  // 44 px and more for a thumb: md is 42.
                  size="lg"
                  data={[{ value: '', label: 'Not scored' }, ...(c.kind === 'yes_no' ? ['Yes', 'No'] : SCALE)]}
                  value={value(p.playerId, c.criterionId, c.kind)}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setValues((old) => ({ ...old, [key(p.playerId, c.criterionId)]: v }));
                  }}
                  disabled={!calibration.accepting}
                />
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {calibration.accepting ? (
        <Group>
          <Button onClick={() => void submit()} loading={send.isPending} disabled={!entries.length} h={44}>
            Send calibration scores
          </Button>
          <Text size="sm" c="dimmed">
            {calibration.myScores.length} of {calibration.players.length * calibration.criteria.length} scores sent
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The calibration round (docs/product.md#calibration): every evaluator scores the same few players
 * before the tryout and then reads how far they sit from the panel; the director reads everyone's.
 * These scores never count in the session's results.
 */
export function CalibrationPanel({ detail }: { detail: SessionDetail }) {
  const id = detail.session.id;
  const q = useQuery(calibrationQuery(id));
  if (q.isPending) return <Loading label="Loading the calibration round" />;
  if (!q.data) {
    return (
      <Alert color="red" role="alert">
        The calibration round could not be loaded. Please reload the page.
      </Alert>
    );
  }
  const c = q.data;
  const started = c.players.length > 0;
  if (!c.canManage && !started) return null;
  return (
    <Stack gap="md" data-testid="calibration">
      <div>
        <Title order={2} size="h4">
          Calibration round
        </Title>
        <Text size="sm" c="dimmed">
          Before the tryout, every evaluator scores the same few players. Each then sees how far they sit from the rest of the panel, so
          they can adjust before the real scoring. These scores never count in the session's results.
        </Text>
      </div>
      {c.canManage ? <ChoosePlayers detail={detail} calibration={c} /> : null}
      {started && c.isEvaluator ? <ScoreRound sessionId={id} calibration={c} /> : null}
      {started && c.isEvaluator ? (
        c.mine ? (
          <Alert color="blue" title="How you sit against the panel" data-testid="calibration-mine">
            <FeedbackLines f={c.mine} />
          </Alert>
        ) : (
          <Text size="sm">Score every player on every criterion to see how far you sit from the panel.</Text>
        )
      ) : null}
      {c.panel && started ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            The panel
          </Title>
          <DataTable minWidth={320} striped data-testid="calibration-panel" columns={['Evaluator', 'Scored', 'Against the others']}>
            {c.panel.map((f) => (
              <Table.Tr key={f.evaluatorId}>
                <Table.Td>{f.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {f.scored} of {f.needed}
                </Table.Td>
                <Table.Td>{f.scored ? <FeedbackLines f={f} /> : <Text size="sm">Not scored yet</Text>}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Stack>
      ) : null}
    </Stack>
  );
}
