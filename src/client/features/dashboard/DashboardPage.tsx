import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { plural } from '../../../shared/messages';
import type { Dashboard, DashboardTeam } from '../../../shared/schemas/dashboard';
import { STALE_AFTER_DAYS } from '../../../shared/stale-window';
import { QueryView } from '../../components/QueryView';
import { useCan, useMe } from '../../lib/auth';
import { useDeviceWaiting } from '../../lib/device-waiting';
import { dashboardQuery, links } from './api';
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
        <Text fw={700} fz="xl" aria-label={describe}>
          {value}
        </Text>
      )}
    </div>
  );
}

/** '10:42' today, '21 Nov 09:05' before. */
const viewedAt = (iso: string) => {
  const t = dayjs(iso);
  return t.isSame(dayjs(), 'day') ? t.format('HH:mm') : t.format('D MMM HH:mm');
};

function TeamCard({ team, staleSince }: { team: DashboardTeam; staleSince: string }) {
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
      <div className={classes.stale}>
        <Stat
          label={`No evaluation in ${STALE_AFTER_DAYS} days`}
          value={team.stale}
          to={links.players(team.id, { evaluated: 'no', from: staleSince })}
          describe={`${team.stale} with no evaluation in ${STALE_AFTER_DAYS} days, ${team.name}`}
        />
      </div>
    </Card>
  );
}

function Overview({ data, waiting }: { data: Dashboard; waiting: number | undefined }) {
  return (
    <div className={classes.overview} role="group" aria-label="Waiting for you">
      {data.openSessions !== null ? (
        <Stat
          label="Open sessions"
          value={data.openSessions}
          to={links.openSessions}
          describe={`${data.openSessions} open evaluation ${plural(data.openSessions, 'session', 'sessions')}`}
        />
      ) : null}
      {waiting !== undefined ? (
        <Stat
          label="Scores waiting on this device"
          value={waiting}
          describe={`${waiting} ${plural(waiting, 'score', 'scores')} waiting on this device`}
        />
      ) : null}
    </div>
  );
}

/** /app/dashboard: the staff start page, what is waiting in the teams the user reaches (docs/product.md#dashboard). */
export default function DashboardPage() {
  const can = useCan();
  const { data: me } = useMe();
  const allowed = can('players', 1);
  const today = dayjs().format('YYYY-MM-DD');
  const dashboard = useQuery({ ...dashboardQuery(today), enabled: allowed });
  const waiting = useDeviceWaiting(me?.id);

  return (
    <Stack gap="md">
      <Title order={1}>Dashboard</Title>
      {allowed ? (
        <QueryView query={dashboard} noun="dashboard" isEmpty={() => false}>
          {(data) => (
            <>
              <Overview data={data} waiting={waiting.data} />
              {data.teams.length === 0 ? (
                <Text c="dimmed">You have no teams yet. Teams you coach show here with their evaluations and reports.</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
                  {data.teams.map((team) => (
                    <TeamCard key={team.id} team={team} staleSince={data.staleSince} />
                  ))}
                </SimpleGrid>
              )}
            </>
          )}
        </QueryView>
      ) : null}
    </Stack>
  );
}
