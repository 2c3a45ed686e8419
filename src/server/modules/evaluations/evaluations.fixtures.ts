import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

const userByEmail = (t: TestApp, email: string) =>
  t.db.selectFrom('users').select(['id', 'player_id']).where('email', '=', email).executeTakeFirstOrThrow();

/** Demo-club facts the evaluation tests need: the coach's players and teams, and everyone else's. */
export async function demoFacts(t: TestApp) {
  const coachId = (await userByEmail(t, 'coach@demo.club')).id;
  const teams = await t.db.selectFrom('teams').select(['id', 'name', 'coach_user_id']).orderBy('id').execute();
  const ownTeams = teams.filter((x) => x.coach_user_id === coachId);
  const otherTeams = teams.filter((x) => x.coach_user_id !== coachId);
  const members = await t.db
    .selectFrom('team_players as tp')
    .innerJoin('players as p', 'p.id', 'tp.player_id')
    .select(['tp.team_id', 'p.id', 'p.first_name', 'p.last_name', 'p.email'])
    .orderBy('p.id')
    .execute();
  const ownIds = new Set(ownTeams.map((x) => x.id));
  const own = members.filter((m) => ownIds.has(m.team_id));
  const other = members.filter((m) => !ownIds.has(m.team_id) && !own.some((o) => o.id === m.id));
  const selfPlayerId = (await userByEmail(t, 'player@demo.club')).player_id!;
  const criteria = await t.db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'c.name', 'c.weight', 'l.name as level', 'l.kind'])
    .orderBy('c.id')
    .execute();
  const scale = criteria.filter((c) => c.kind === 'scale_1_10');
  const yesNo = criteria.filter((c) => c.kind === 'yes_no');
  return { coachId, ownTeams, otherTeams, own, other, selfPlayerId, scale, yesNo, members };
}

export type DemoFacts = Awaited<ReturnType<typeof demoFacts>>;

/** The evaluation test files' setup: a demo-club app, admin, coach and player signed in, and the demo facts. */
export async function evaluationSuite(): Promise<{ t: TestApp; admin: Client; coach: Client; player: Client; facts: DemoFacts }> {
  const t = await createTestApp();
  const [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
  return { t, admin, coach, player, facts: await demoFacts(t) };
}

export async function currentRows(t: TestApp, playerId: number, criterionId: number) {
  return t.db
    .selectFrom('evaluations')
    .select(['id', 'score', 'is_current', 'date'])
    .where('player_id', '=', playerId)
    .where('criterion_id', '=', criterionId)
    .orderBy('id')
    .execute();
}

export async function evaluationCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('evaluations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
