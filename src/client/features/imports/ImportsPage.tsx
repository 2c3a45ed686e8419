import { Alert, Anchor, Button, FileInput, Group, SegmentedControl, Select, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { canImport } from '../../../shared/permissions';
import {
  IMPORT_KINDS,
  type Decision,
  type ImportCounts,
  type ImportKind,
  type ImportMapping,
  type ImportPlan,
} from '../../../shared/schemas/import';
import { Loading } from '../../components/Loading';
import { ApiError, failureMessage } from '../../lib/api';
import { useCan, useMe } from '../../lib/auth';
import { notifySuccess } from '../../lib/notify';
import { commitImport, teamOptionsQuery, templateHref, uploadImport, validateImport, type Uploaded } from './api';
import { Counts } from './Counts';
import { ImportHistory, KIND_DATA } from './ImportHistory';
import { MappingStep } from './MappingStep';
import { ReviewStep } from './ReviewStep';

type Step = 0 | 1 | 2 | 3;

const KIND_LABELS: Record<ImportKind, string> = { players: 'Players', evaluations: 'Evaluations', teams: 'Teams', users: 'Users' };
const isKind = (v: string | null): v is ImportKind => (IMPORT_KINDS as readonly string[]).includes(v ?? '');

/**
 * /app/players/import: choose what to import (only kinds the user may write) → upload → map columns →
 * review and decide → import; then the kind's history with Undo (docs/product.md#importing).
 */
export default function ImportsPage() {
  const [params, setParams] = useSearchParams();
  const { data: me, isPending } = useMe();
  const can = useCan();
  const client = useQueryClient();
  const teamRequired = !can('teams', 2);
  const teams = useQuery(teamOptionsQuery);
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [team, setTeam] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [result, setResult] = useState<ImportCounts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');

  if (isPending) return <Loading />;
  const actor = me ? { permissions: me.permissions, roleAdmin: me.admin } : null;
  const kinds = IMPORT_KINDS.filter((k) => canImport(actor, k));
  if (!kinds.length) return <Navigate to="/app/unauthorized" replace />;
  const asked = params.get('kind');
  const kind: ImportKind = isKind(asked) && kinds.includes(asked) ? asked : kinds[0]!;
  const usesTeam = kind === 'players';

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setStale(e.message);
      else setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const read = () =>
    run(async () => {
      if (!file) throw new Error('Choose a CSV or Excel file.');
      if (usesTeam && teamRequired && !team) throw new Error('Choose the team the players join.');
      const up = await uploadImport(kind, file);
      setUploaded(up);
      setMapping(up.mapping);
      setDecisions({});
      setStep(1);
    });

  const check = (next: Record<string, Decision> = decisions) =>
    run(async () => {
      const p = await validateImport(uploaded!.id, { mapping, team_id: usesTeam && team ? Number(team) : null, decisions: next });
      setPlan(p);
      setStale(null);
      setStep(2);
    });

  const decide = (line: number, decision: Decision) => {
    const next = { ...decisions, [String(line)]: decision };
    setDecisions(next);
    void check(next);
  };

  const commit = () =>
    run(async () => {
      const res = await commitImport(plan!.id, plan!.plan_hash);
      setResult(res.data.counts);
      setStep(3);
      notifySuccess(res.message);
      await client.invalidateQueries({ queryKey: ['imports'] });
      await client.invalidateQueries({ queryKey: [KIND_DATA[kind]] });
    });

  const restart = () => {
    setStep(0);
    setFile(null);
    setUploaded(null);
    setPlan(null);
    setResult(null);
    setStale(null);
    setError(null);
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Import {KIND_LABELS[kind].toLowerCase()}
      </Title>
      {kinds.length > 1 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="import-kind-label">
            What to import
          </Text>
          <SegmentedControl
            aria-labelledby="import-kind-label"
            data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            value={kind}
            onChange={(v) => {
              restart();
              setParams(v === 'players' ? {} : { kind: v }, { replace: true });
            }}
            disabled={busy || step > 0}
            fullWidth={phone}
            style={{ alignSelf: phone ? 'stretch' : 'flex-start' }}
          />
        </Stack>
      ) : null}
      <Stepper active={step} size={phone ? 'xs' : 'sm'} allowNextStepsSelect={false}>
        <Stepper.Step label="Upload" description={phone ? undefined : 'CSV or Excel'}>
          <Stack gap="md" maw={560}>
            <Text size="sm">
              Upload last season’s spreadsheet as it is: a .csv (comma or semicolon) or .xlsx file whose first row names the columns.
              Nothing is saved until you import the checked rows.
            </Text>
            <Anchor href={templateHref(kind)} download={`${kind}-template.csv`} size="sm">
              Download the {KIND_LABELS[kind].toLowerCase()} template (CSV)
            </Anchor>
            {usesTeam ? (
              <Select
                label="Team"
                placeholder={teamRequired ? 'Choose one of your teams' : 'No team (optional)'}
                withAsterisk={teamRequired}
                data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${t.category})` }))}
                value={team}
                onChange={setTeam}
                searchable
                clearable={!teamRequired}
                clearButtonProps={{ 'aria-label': 'Clear team' }}
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            <FileInput
              label="File"
              placeholder="Choose a .csv or .xlsx file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={18} />}
              value={file}
              onChange={setFile}
              clearable
            />
            <Group>
              <Button onClick={() => void read()} loading={busy}>
                Read file
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Columns" description={phone ? undefined : 'Match the columns'}>
          {uploaded ? (
            <MappingStep
              kind={kind}
              uploaded={uploaded}
              mapping={mapping}
              onChange={setMapping}
              onBack={restart}
              onCheck={() => void check()}
              busy={busy}
            />
          ) : null}
        </Stepper.Step>
        <Stepper.Step label="Review" description={phone ? undefined : 'Duplicates and errors'}>
          {plan ? (
            <ReviewStep
              kind={kind}
              plan={plan}
              onDecide={decide}
              onBack={() => setStep(1)}
              onCommit={() => void commit()}
              onRecheck={() => void check()}
              busy={busy}
              stale={stale}
            />
          ) : null}
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="md" align="flex-start">
            <Text fw={600}>Imported {uploaded?.file_name}.</Text>
            {result ? <Counts counts={result} label="What the import did" /> : null}
            <Text size="sm">You can undo this import from the history below for 24 hours.</Text>
            <Button variant="default" onClick={restart}>
              Import another file
            </Button>
          </Stack>
        </Stepper.Completed>
      </Stepper>
      {error ? (
        <Alert color="red" title="Error" role="alert">
          {error}
        </Alert>
      ) : null}
      <ImportHistory kind={kind} />
    </Stack>
  );
}
