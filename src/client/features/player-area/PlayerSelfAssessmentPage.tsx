import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { isValidScore } from '../../../shared/scoring';
import {
  parseSelfScore,
  selfAssessmentMessages as M,
  type SelfAssessment,
  type SelfAssessmentCycle,
} from '../../../shared/schemas/self-assessment';
import { Loading } from '../../components/Loading';
import { QueryView } from '../../components/QueryView';
import { ScoreEntry } from '../../components/ScoreEntry';
import { ApiError, failureMessage } from '../../lib/api';
import { selfAssessmentQuery, selfAssessmentsQuery, useSaveSelfAssessment } from './api';
import { redirectFor, usePlayerId } from './useAreaGuard';

// The charts library loads only when a comparison is shown.
const GapComparison = lazy(() => import('../../components/ScoreCharts').then((m) => ({ default: m.GapComparison })));

const STATUS: Record<SelfAssessmentCycle['status'], { label: string; color: string }> = {
  open: { label: 'Open', color: 'teal' },
  closed: { label: 'Closed', color: 'gray' },
  compared: { label: 'Report approved', color: 'indigo' },
};

/**
 * /player/:playerId/self-assessment: the player scores themself on the cycle's criteria while it is
 * open, without the coach's scores; once the coach's report is approved, the two side by side
 * (docs/product.md#self-assessment).
 */
export default function PlayerSelfAssessmentPage() {
  const playerId = usePlayerId();
  const cycles = useQuery({ ...selfAssessmentsQuery(playerId), retry: false });
  const [chosen, setChosen] = useState<number | null>(null);
  const redirect = redirectFor(cycles.error);
  if (redirect) return redirect;
  const list = cycles.data ?? [];
  const cycleId = chosen ?? (list.find((c) => c.status === 'open') ?? list[0])?.cycleId ?? null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Self-assessment
      </Title>
      <Text size="sm" c="dimmed">
        While a report cycle is open, score yourself on each criterion. You see your coach&apos;s scores only once your report is approved.
      </Text>
      <QueryView query={cycles} noun="self-assessments" isEmpty={(l) => l.length === 0} emptyText="No report cycle is open for you yet.">
        {(l) => (
          <Stack gap="md">
            {l.length > 1 && (
              <Select
                label="Report cycle"
                data={l.map((c) => ({ value: String(c.cycleId), label: `${c.name} (${c.season})` }))}
                value={cycleId === null ? null : String(cycleId)}
                onChange={(v) => v && setChosen(Number(v))}
                allowDeselect={false}
                maw={360}
              />
            )}
            {cycleId !== null && <CycleView key={cycleId} playerId={playerId} cycleId={cycleId} />}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

function CycleView({ playerId, cycleId }: { playerId: number; cycleId: number }) {
  const query = useQuery({ ...selfAssessmentQuery(playerId, cycleId), retry: false });
  const redirect = redirectFor(query.error);
  if (redirect) return redirect;
  return (
    <QueryView query={query} noun="self-assessment" isEmpty={() => false}>
      {(sa) => (
        <Stack gap="md">
          <Group gap="xs">
            <Title order={2} size="h3">
              {sa.cycle.name}
            </Title>
            <Badge color={STATUS[sa.cycle.status].color} variant="light">
              {STATUS[sa.cycle.status].label}
            </Badge>
          </Group>
          {sa.cycle.status === 'open' && (
            <>
              <Text size="sm">
                Open until {sa.cycle.closesOn}. Your coach&apos;s scores appear beside yours once your report is approved.
              </Text>
              <ScoreForm playerId={playerId} sa={sa} />
            </>
          )}
          {sa.cycle.status === 'closed' && (
            <>
              <Text size="sm">
                This cycle closed on {sa.cycle.closesOn}. Your coach&apos;s scores appear here once your report is approved.
              </Text>
              <OwnScores sa={sa} />
            </>
          )}
          {sa.cycle.status === 'compared' && sa.comparison && (
            <Suspense fallback={<Loading label="Loading the comparison" />}>
              <Text size="sm">Your view beside your coach&apos;s, the largest differences first (scores in percent of the top mark).</Text>
              <GapComparison rows={sa.comparison} selfLabel="You" caption={`You and your coach, ${sa.cycle.name}`} />
            </Suspense>
          )}
        </Stack>
      )}
    </QueryView>
  );
}

function OwnScores({ sa }: { sa: SelfAssessment }) {
  const scored = sa.criteria.filter((c) => c.score !== '');
  if (!scored.length) return <Text size="sm">You did not score yourself in this cycle.</Text>;
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {scored.map((c) => (
        <Text component="li" key={c.criterionId} size="sm">
          {c.label}: <b>{c.score}</b>
        </Text>
      ))}
    </Stack>
  );
}

function ScoreForm({ playerId, sa }: { playerId: number; sa: SelfAssessment }) {
  const touch = useMediaQuery('(max-width: 48em), (pointer: coarse)') ?? false;
  const [values, setValues] = useState<Record<number, string>>(() => Object.fromEntries(sa.criteria.map((c) => [c.criterionId, c.score])));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const save = useSaveSelfAssessment(playerId, sa.cycle.cycleId);

  const problem = (kind: SelfAssessment['criteria'][number]['kind'], v: string): string | null => {
    const score = parseSelfScore(v);
    if (score === null) return null;
    const yesNo = v === 'Yes' || v === 'No';
    if (kind === 'yes_no') return yesNo ? null : M.yesNo;
    return !yesNo && isValidScore(kind, score) ? null : M.scale;
  };

  const submit = () => {
    const found: Record<number, string> = {};
    for (const c of sa.criteria) {
      const p = problem(c.kind, values[c.criterionId] ?? '');
      if (p) found[c.criterionId] = p;
    }
    setErrors(found);
    setFormError(null);
    const firstBad = sa.criteria.findIndex((c) => found[c.criterionId]);
    if (firstBad >= 0) return refs.current[firstBad]?.focus();
    save.mutate(
      { scores: sa.criteria.map((c) => ({ criterion_id: c.criterionId, score: values[c.criterionId] ?? '' })) },
      {
        onError: (e) => {
          const index = e instanceof ApiError ? /^scores\.(\d+)\./.exec(e.field ?? '')?.[1] : undefined;
          const criterion = index === undefined ? undefined : sa.criteria[Number(index)];
          if (criterion) setErrors({ [criterion.criterionId]: e.message });
          else setFormError(failureMessage(e));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {sa.criteria.map((c, i) => {
        const error = errors[c.criterionId];
        return (
          <Paper key={c.criterionId} withBorder radius="md" p="sm" component="section" aria-label={c.label}>
            <Stack gap={6}>
              <Text fw={600}>{c.label}</Text>
              {c.description && (
                <Text size="sm" c="dimmed">
                  {c.description}
                </Text>
              )}
              <ScoreEntry
                kind={c.kind}
                value={values[c.criterionId] ?? ''}
                onChange={(v) => {
                  setValues((old) => ({ ...old, [c.criterionId]: v }));
                  setErrors((old) => ({ ...old, [c.criterionId]: '' }));
                }}
                onNext={() => refs.current[i + 1]?.focus()}
                playerName={c.label}
                touch={touch}
                error={!!error}
                inputRef={(el) => void (refs.current[i] = el)}
              />
              {error && (
                <Text size="sm" c="red.8" role="alert">
                  {error}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <Group>
        <Button h={44} onClick={submit} loading={save.isPending} fullWidth={touch}>
          Save my scores
        </Button>
        {sa.savedAt && (
          <Text size="sm" c="dimmed">
            Last saved {sa.savedAt.slice(0, 10)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
