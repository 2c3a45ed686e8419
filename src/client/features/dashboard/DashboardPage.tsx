import { Alert, Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconCloudUpload, IconFileText, IconMailForward } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { plural } from '../../../shared/messages';
import type { DashboardTeam } from '../../../shared/schemas/dashboard';
import { GOAL_DUE_SOON_DAYS } from '../../../shared/goal-window';
import { STALE_AFTER_DAYS } from '../../../shared/stale-window';
import { LoadMore } from '../../components/LoadMore';
import { QueryView } from '../../components/QueryView';
import { ME_URL, useCan, useMe } from '../../lib/auth';
import { useDeviceWaiting, useDeviceWaitingActions, useWaitingPlaces, type WaitingPlace } from '../../lib/device-waiting';
import { useOfflineReady } from '../../lib/offline-ready';
import { dashboardQuery, dashboardUrl, links } from './api';
import classes from './dashboard.module.css';

/** A count, linked to the list it counts; `describe` names it for a screen reader (it starts with the number). */
function Stat({ label, value, to, describe }: { label: string; value: number; to?: string; describe: string }) {
  return (
    <div className={classes.stat}>
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
      {to ? (
        <Anchor component={Link} to={to} fw={700} fz="xl" aria-label={describe}>
          {value}
        </Anchor>
      ) : (
        <Text fw={700} fz="xl" aria-label={describe} className={classes.plain}>
          {value}
        </Text>
      )}
    </div>
  );
}

/** The team's goals (docs/product.md#goals), each count linked to the team goals view filtered the same way. */
function TeamGoalStats({ team }: { team: DashboardTeam }) {
  const g = team.goals;
  const since = g.achievedSince ? `since ${g.achievedSince}` : 'so far';
  const stats = [
    { filter: 'active', label: 'Active', value: g.active, describe: `${g.active} active ${plural(g.active, 'goal', 'goals')}` },
    {
      filter: 'due',
      label: `Due in ${GOAL_DUE_SOON_DAYS} days`,
      value: g.dueSoon,
      describe: `${g.dueSoon} ${plural(g.dueSoon, 'goal', 'goals')} due in the next ${GOAL_DUE_SOON_DAYS} days`,
    },
    {
      filter: 'achieved',
      label: g.achievedSince ? 'Achieved since last cycle' : 'Achieved',
      value: g.achieved,
      describe: `${g.achieved} ${plural(g.achieved, 'goal', 'goals')} achieved ${since}`,
    },
    {
      filter: 'none',
      label: 'Without a goal',
      value: g.withoutGoal,
      describe: `${g.withoutGoal} ${plural(g.withoutGoal, 'player', 'players')} without an active goal`,
    },
  ] as const;
  return (
    <>
      <Text size="sm" fw={600} mt="sm">
        Goals
      </Text>
      <div className={classes.stats}>
        {stats.map((s) => (
          <Stat
            key={s.filter}
            label={s.label}
            value={s.value}
            to={links.goals(team.id, s.filter)}
            describe={`${s.describe}, ${team.name}`}
          />
        ))}
      </div>
    </>
  );
}

/** '10:42' today, '21 Nov 09:05' before. */
const viewedAt = (iso: string) => {
  const t = dayjs(iso);
  return t.isSame(dayjs(), 'day') ? t.format('HH:mm') : t.format('D MMM HH:mm');
};

/** What a card's buttons open, by permission: courtside scoring, and the current cycle's reports. */
interface CardActions {
  score: boolean;
  reports: boolean;
}

function TeamCard({ team, staleSince, actions }: { team: DashboardTeam; staleSince: string; actions: CardActions }) {
  const { cycle, reports } = team;
  const window = cycle ? { from: cycle.opensOn, to: cycle.closesOn } : null;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`team-${team.id}`}>
      <Group justify="space-between" align="baseline" wrap="wrap" gap={4} mb="xs">
        <Anchor component={Link} to={`/app/team/${team.id}/players`} fw={700} id={`team-${team.id}`} className={classes.name}>
          {team.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {team.players} {plural(team.players, 'player', 'players')}
        </Text>
      </Group>
      {cycle && window ? (
        <>
          <Text size="sm" mb={6}>
            {cycle.name}{' '}
            <span className={classes.window}>
              ({cycle.opensOn} – {cycle.closesOn})
            </span>
          </Text>
          <div className={classes.stats}>
            <Stat
              label="Evaluated"
              value={team.evaluated!}
              to={links.players(team.id, { evaluated: 'yes', ...window })}
              describe={`${team.evaluated} evaluated in ${cycle.name}, ${team.name}`}
            />
            <Stat
              label="Not yet"
              value={team.notEvaluated!}
              to={links.players(team.id, { evaluated: 'no', ...window })}
              describe={`${team.notEvaluated} not yet evaluated in ${cycle.name}, ${team.name}`}
            />
          </div>
          {reports ? (
            <>
              <Text size="sm" fw={600} mt="sm">
                Reports
              </Text>
              <div className={classes.stats}>
                {(['draft', 'approved', 'sent', 'viewed'] as const).map((state) => (
                  <Stat
                    key={state}
                    label={state[0]!.toUpperCase() + state.slice(1)}
                    value={reports[state]}
                    to={links.reports(cycle.id, team.id, state)}
                    describe={`${reports[state]} ${plural(reports[state], 'report', 'reports')} ${state}, ${team.name}`}
                  />
                ))}
              </div>
              <Text size="sm" c="dimmed" mt={4}>
                {reports.lastViewedAt ? `last viewed ${viewedAt(reports.lastViewedAt)}` : 'not viewed yet'}
              </Text>
            </>
          ) : null}
        </>
      ) : (
        <Text size="sm" c="dimmed" mb={6}>
          No report cycle for this team yet.
        </Text>
      )}
      <TeamGoalStats team={team} />
      <div className={classes.stale}>
        <Stat
          label={`No evaluation in ${STALE_AFTER_DAYS} days`}
          value={team.stale}
          to={links.players(team.id, { evaluated: 'no', from: staleSince })}
          describe={`${team.stale} with no evaluation in ${STALE_AFTER_DAYS} days, ${team.name}`}
        />
      </div>
      {actions.score || (actions.reports && cycle && reports) ? (
        <Group gap="xs" mt="sm" wrap="wrap">
          {actions.score ? (
            <Button component={Link} to={links.courtside(team.id)} size="sm" leftSection={<IconClipboardCheck size={18} aria-hidden />}>
              Score courtside
            </Button>
          ) : null}
          {actions.reports && cycle && reports ? (
            <>
              <Button
                component={Link}
                to={links.writeReports(cycle.id, team.id)}
                size="sm"
                variant="light"
                leftSection={<IconFileText size={18} aria-hidden />}
              >
                Write reports
              </Button>
              <Button
                component={Link}
                to={links.sendReports(cycle.id, team.id)}
                size="sm"
                variant="light"
                leftSection={<IconMailForward size={18} aria-hidden />}
              >
                Send reports
              </Button>
            </>
          ) : null}
        </Group>
      ) : null}
    </Card>
  );
}

/** Where one place's waiting scores are sent from, named for the list. */
function placeLink(place: WaitingPlace, teams: readonly DashboardTeam[]): { to: string; name: string } {
  if (place.kind === 'session')
    return { to: links.sessionScores(place.sessionId), name: place.name ?? `Evaluation session ${place.sessionId}` };
  const team = teams.find((t) => t.id === place.teamId);
  return { to: links.courtside(place.teamId), name: `${team?.name ?? `Team ${place.teamId}`}, courtside` };
}

/**
 * "Scores waiting on this device": read from the device only, so it shows offline and while the
 * dashboard's own read is missing. The number opens the list of where they wait, with *Sync now*.
 */
function WaitingOnDevice({ userId, count, teams }: { userId: number; count: number; teams: readonly DashboardTeam[] }) {
  const [opened, setOpened] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [failed, setFailed] = useState(false);
  const client = useQueryClient();
  const { syncAll } = useDeviceWaitingActions();
  const places = useWaitingPlaces(userId, opened);
  const describe = `${count} ${plural(count, 'score', 'scores')} waiting on this device`;
  const syncNow = async () => {
    setSyncing(true);
    setFailed(false);
    await syncAll(userId);
    await client.invalidateQueries({ queryKey: ['device-waiting', userId] });
    const left = places.data ? (await places.refetch()).data : undefined;
    setSyncing(false);
    if (left?.length) setFailed(true);
  };
  const left = places.data ?? [];
  return (
    <div className={classes.stat}>
      <Text size="xs" c="dimmed" lh={1.3}>
        Scores waiting on this device
      </Text>
      {count > 0 ? (
        <Anchor
          component="button"
          type="button"
          fw={700}
          fz="xl"
          className={classes.count}
          aria-label={describe}
          aria-haspopup="dialog"
          onClick={() => setOpened(true)}
        >
          {count}
        </Anchor>
      ) : (
        <Text fw={700} fz="xl" aria-label={describe} className={classes.plain}>
          {count}
        </Text>
      )}
      <Modal
        opened={opened}
        onClose={() => {
          setOpened(false);
          setFailed(false);
        }}
        title="Scores waiting on this device"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          {places.isPending ? null : left.length === 0 ? (
            <Text role="status">Every score on this device has reached the server.</Text>
          ) : (
            <>
              <Text size="sm">
                They stay on this device, yours only, until the server has them. Open where they wait, or send them all now.
              </Text>
              <Stack gap={0} align="flex-start" aria-label="Where they wait" role="group">
                {left.map((place) => {
                  const { to, name } = placeLink(place, teams);
                  return (
                    <Anchor key={`${place.kind}-${place.kind === 'session' ? place.sessionId : place.teamId}`} component={Link} to={to}>
                      {name}: {place.count} {plural(place.count, 'score', 'scores')}
                    </Anchor>
                  );
                })}
              </Stack>
            </>
          )}
          {failed ? (
            <Alert color="red" role="alert">
              Could not send them now: check the connection. They stay on this device and sync by themselves when the network is back.
            </Alert>
          ) : null}
          {left.length > 0 ? (
            <Group justify="flex-end">
              <Button leftSection={<IconCloudUpload size={18} aria-hidden />} loading={syncing} onClick={() => void syncNow()}>
                Sync now
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Modal>
    </div>
  );
}

/** /app/dashboard: the staff start page, what is waiting in the teams the user reaches (docs/product.md#dashboard). */
export default function DashboardPage() {
  const can = useCan();
  const { data: me } = useMe();
  const allowed = can('players', 1);
  const today = dayjs().format('YYYY-MM-DD');
  const dashboard = useInfiniteQuery({ ...dashboardQuery(today), enabled: allowed });
  const waiting = useDeviceWaiting(me?.id);
  // The app opens here: the worker keeps this read for the user from the first visit, so it opens offline too.
  const offlineReads = useMemo(() => [ME_URL, dashboardUrl(today)], [today]);
  useOfflineReady(me?.id, offlineReads, dashboard.isSuccess);
  const actions: CardActions = { score: can('evaluation', 2), reports: can('reports', 2) };
  const data = dashboard.data?.pages[0];
  const teams = useMemo(() => dashboard.data?.pages.flatMap((p) => p.teams) ?? [], [dashboard.data]);

  return (
    <Stack gap="md">
      <Title order={1}>Dashboard</Title>
      {allowed ? (
        <>
          <div className={classes.overview} role="group" aria-label="Waiting for you">
            {data && data.openSessions !== null ? (
              <Stat
                label="Open sessions"
                value={data.openSessions}
                to={links.openSessions}
                describe={`${data.openSessions} open evaluation ${plural(data.openSessions, 'session', 'sessions')}`}
              />
            ) : null}
            {me && waiting.data !== undefined ? <WaitingOnDevice userId={me.id} count={waiting.data} teams={teams} /> : null}
          </div>
          <QueryView query={dashboard} noun="dashboard" isEmpty={() => false}>
            {({ pages: [first] }) =>
              first ? (
                <>
                  {first.today !== today ? (
                    <Text size="sm" c="dimmed" role="status">
                      Figures as of {first.today}, the last time this device reached the server.
                    </Text>
                  ) : null}
                  {teams.length === 0 ? (
                    <Text c="dimmed">You have no teams yet. Teams you coach show here with their evaluations and reports.</Text>
                  ) : (
                    <>
                      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
                        {teams.map((team) => (
                          <TeamCard key={team.id} team={team} staleSince={first.staleSince} actions={actions} />
                        ))}
                      </SimpleGrid>
                      <LoadMore query={dashboard} label="Show more teams" />
                    </>
                  )}
                </>
              ) : null
            }
          </QueryView>
        </>
      ) : null}
    </Stack>
  );
}
