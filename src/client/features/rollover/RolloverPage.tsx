import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, Link } from 'react-router';
import type { RolloverPlan, RolloverResult } from '../../../shared/schemas/rollover';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { referenceOptions } from '../../components/ReferenceSelect';
import { failureMessage } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { notifySuccess } from '../../lib/notify';
import { seasonsQuery } from '../../lib/reference';
import { rolloverPlanQuery, useReopenSeason, useRollover } from './api';

interface Choices {
  teams: Map<number, { on: boolean; name: string }>;
  players: Set<string>;
}

const memberKey = (playerId: number, teamId: number) => `${playerId}:${teamId}`;

/** Ticked by default: every team, every player who is neither placed in the target season nor aged out. */
function defaults(plan: RolloverPlan): Choices {
  return {
    teams: new Map(plan.teams.map((t) => [t.source_team_id, { on: true, name: t.name }])),
    players: new Set(plan.players.filter((p) => !p.placed_in && !p.ages_out).map((p) => memberKey(p.player_id, p.source_team_id))),
  };
}

function commitBody(from: string, to: string, plan: RolloverPlan, c: Choices, dryRun: boolean) {
  const teams = plan.teams
    .filter((t) => c.teams.get(t.source_team_id)?.on)
    .map((t) => ({ source_team_id: t.source_team_id, name: c.teams.get(t.source_team_id)!.name }));
  const on = new Set(teams.map((t) => t.source_team_id));
  const players = plan.players
    .filter((p) => on.has(p.source_team_id) && c.players.has(memberKey(p.player_id, p.source_team_id)))
    .map((p) => ({ player_id: p.player_id, source_team_id: p.source_team_id }));
  return { from: Number(from), to: Number(to), teams, players, dry_run: dryRun };
}

function Summary({ r }: { r: RolloverResult }) {
  return (
    <Table withTableBorder aria-label={r.dry_run ? 'Dry run' : 'Rollover result'}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th>Teams created</Table.Th>
          <Table.Td>{r.teams_created}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Teams already rolled over (kept)</Table.Th>
          <Table.Td>{r.teams_kept}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Players added</Table.Th>
          <Table.Td>{r.players_added}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Players already in the target season (kept)</Table.Th>
          <Table.Td>{r.players_already_placed}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Players not carried over</Table.Th>
          <Table.Td>{r.players_not_carried}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Carried although too old for every group</Table.Th>
          <Table.Td>{r.aged_out_carried}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Source season</Table.Th>
          <Table.Td>{r.source_closed ? 'closed for evaluations by this run' : 'already closed for evaluations'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>E-mails sent</Table.Th>
          <Table.Td>0</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** /app/teams/rollover: copy a season's teams a year on and carry its players over, for admin roles (docs/product.md#season-rollover). */
export default function RolloverPage() {
  const { data: me } = useMe();
  const seasons = useQuery(seasonsQuery);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [step, setStep] = useState(0);
  const plan = useQuery(rolloverPlanQuery(from, to));
  const [choices, setChoices] = useState<Choices | null>(null);
  const [dry, setDry] = useState<RolloverResult | null>(null);
  const [done, setDone] = useState<RolloverResult | null>(null);
  const rollover = useRollover();
  const reopen = useReopenSeason();

  useEffect(() => {
    if (plan.data) setChoices(defaults(plan.data));
    setDry(null);
  }, [plan.data]);

  const byTeam = useMemo(() => {
    const groups = new Map<number, RolloverPlan['players']>();
    for (const p of plan.data?.players ?? []) groups.set(p.source_team_id, [...(groups.get(p.source_team_id) ?? []), p]);
    return groups;
  }, [plan.data]);

  if (me && !me.admin) return <Navigate to="/app/unauthorized" replace />;
  const options = referenceOptions(seasons.data);
  const ready = plan.data && choices;

  const run = (dryRun: boolean) => {
    if (!plan.data || !choices) return;
    rollover.mutate(commitBody(from, to, plan.data, choices, dryRun), {
      onSuccess: (r) => {
        if (r.dry_run) {
          setDry(r);
          setStep(3);
        } else {
          setDone(r);
          setStep(4);
          notifySuccess('Season rolled over. No e-mail was sent.');
        }
      },
    });
  };

  return (
    <>
      <PageHeader title="Roll over a season" />
      <Stepper
        active={step}
        onStepClick={(s) => (s < step && !done ? setStep(s) : undefined)}
        size="sm"
        mb="lg"
        allowNextStepsSelect={false}
      >
        <Stepper.Step label="Seasons" description="From → to">
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560}>
            <Select label="Source season" data={options} value={from} onChange={(v) => setFrom(v ?? '')} allowDeselect={false} />
            <Select
              label="Target season"
              data={options.filter((o) => o.value !== from)}
              value={to}
              onChange={(v) => setTo(v ?? '')}
              allowDeselect={false}
            />
          </SimpleGrid>
          {plan.data?.source.closed ? (
            <Alert color="yellow" mt="md" title={`${plan.data.source.name} is closed for evaluations`} maw={560}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">A rollover closed it. Reopen it to let coaches evaluate in it again.</Text>
                <Button
                  size="xs"
                  variant="light"
                  loading={reopen.isPending}
                  onClick={() =>
                    reopen.mutate(plan.data!.source.id, {
                      onSuccess: () => notifySuccess(`${plan.data!.source.name} is open for evaluations again.`),
                    })
                  }
                >
                  Reopen {plan.data.source.name}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {from && to ? (
            <QueryView
              query={plan}
              noun="season's teams"
              isEmpty={(p) => p.teams.length === 0}
              emptyText="The source season has no teams to roll over."
            >
              {(p) => (
                <Text size="sm" mt="md">
                  {p.teams.length} team(s) and {new Set(p.players.map((x) => x.player_id)).size} player(s) in {p.source.name}.
                </Text>
              )}
            </QueryView>
          ) : null}
        </Stepper.Step>
        <Stepper.Step label="Teams" description="A year on">
          {ready ? (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                Age groups move up one year ({plan.data.source.name} → {plan.data.target.name}); coaches stay. Untick a team to leave it
                behind.
              </Text>
              {plan.data.teams.map((t) => {
                const c = choices.teams.get(t.source_team_id)!;
                const set = (next: Partial<typeof c>) =>
                  setChoices({ ...choices, teams: new Map(choices.teams).set(t.source_team_id, { ...c, ...next }) });
                return (
                  <Paper key={t.source_team_id} withBorder p="sm">
                    <Group align="flex-end" wrap="wrap" gap="sm">
                      <Checkbox
                        label={`Roll over ${t.source_name}`}
                        checked={c.on}
                        onChange={(e) => set({ on: e.currentTarget.checked })}
                      />
                      <TextInput
                        label={`New name for ${t.source_name}`}
                        value={c.name}
                        onChange={(e) => set({ name: e.currentTarget.value })}
                        disabled={!c.on || t.existing_team_id !== null}
                        w={{ base: '100%', xs: 240 }}
                      />
                      <Text size="sm" c="dimmed">
                        {t.club} · {t.coach_name}
                      </Text>
                      {t.existing_team_id !== null ? <Badge variant="light">Already rolled over</Badge> : null}
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          ) : null}
        </Stepper.Step>
        <Stepper.Step label="Players" description="Who carries over">
          {ready ? (
            <Stack gap="md">
              {plan.data.teams
                .filter((t) => choices.teams.get(t.source_team_id)?.on)
                .map((t) => (
                  <Paper key={t.source_team_id} withBorder p="sm">
                    <Title order={2} size="h5" mb="xs">
                      {t.source_name} → {choices.teams.get(t.source_team_id)!.name}
                    </Title>
                    <Stack gap={6}>
                      {(byTeam.get(t.source_team_id) ?? []).map((p) => {
                        const key = memberKey(p.player_id, p.source_team_id);
                        return (
                          <Group key={key} gap="xs" wrap="wrap">
                            <Checkbox
                              label={`${p.name}${p.birth_year ? ` (${p.birth_year})` : ''}`}
                              checked={choices.players.has(key)}
                              disabled={p.placed_in !== null}
                              onChange={(e) => {
                                const players = new Set(choices.players);
                                if (e.currentTarget.checked) players.add(key);
                                else players.delete(key);
                                setChoices({ ...choices, players });
                              }}
                            />
                            {p.ages_out ? (
                              <Badge color="orange" variant="light">
                                Too old for every group
                              </Badge>
                            ) : null}
                            {p.placed_in ? <Badge variant="light">Already in {p.placed_in}</Badge> : null}
                          </Group>
                        );
                      })}
                      {(byTeam.get(t.source_team_id) ?? []).length === 0 ? (
                        <Text size="sm" c="dimmed">
                          No players in this team.
                        </Text>
                      ) : null}
                    </Stack>
                  </Paper>
                ))}
            </Stack>
          ) : null}
        </Stepper.Step>
        <Stepper.Step label="Dry run" description="What will happen">
          {dry ? (
            <Stack maw={560}>
              <Text size="sm">
                Nothing has been written yet. Committing does exactly this and closes {plan.data?.source.name} for evaluations. No e-mail is
                sent.
              </Text>
              <Summary r={dry} />
            </Stack>
          ) : null}
        </Stepper.Step>
        <Stepper.Completed>
          {done ? (
            <Stack maw={560}>
              <Alert color="green" title="Season rolled over">
                {plan.data?.target.name} has its teams. Running the rollover again creates nothing twice.
              </Alert>
              <Summary r={done} />
              <Button component={Link} to="/app/teams" variant="light" w="fit-content">
                Go to Teams
              </Button>
            </Stack>
          ) : null}
        </Stepper.Completed>
      </Stepper>

      {rollover.isError ? (
        <Alert color="red" mb="md" role="alert">
          {failureMessage(rollover.error)}
        </Alert>
      ) : null}
      {step < 4 ? (
        <Group>
          {step > 0 ? (
            <Button variant="default" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          ) : null}
          {step < 2 ? (
            <Button onClick={() => setStep(step + 1)} disabled={!ready || plan.data.teams.length === 0}>
              Next
            </Button>
          ) : null}
          {step === 2 ? (
            <Button onClick={() => run(true)} loading={rollover.isPending}>
              Dry run
            </Button>
          ) : null}
          {step === 3 ? (
            <Button onClick={() => run(false)} loading={rollover.isPending}>
              Commit rollover
            </Button>
          ) : null}
        </Group>
      ) : null}
    </>
  );
}
