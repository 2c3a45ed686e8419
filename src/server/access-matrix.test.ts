import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsAt, SECTIONS, type Level, type Permissions, type Section } from '../shared/permissions.js';
import { ACCESS_MATRIX, type Ref, type Replay, type ReplayCaller, type RouteAccess, type Rule } from './access-matrix.js';
import { buildApp } from './app.js';
import { access } from './policies/access.js';
import { hashPassword } from './modules/auth/passwords.js';
import { loadConfig } from './config.js';
import { insertUser } from './db/bootstrap.js';
import { insertRole } from './modules/roles/roles.repository.js';
import { fingerprint } from './test/fingerprint.js';
import { createTestApp, type Client, type TestApp } from './test/harness.js';
import { familyLogin, familyOf } from './modules/family/family.fixtures.js';
import { approvedReport, reportCycle } from './modules/reports/reports.fixtures.js';
import { claim, erase, holder, revoke } from './test/standing.fixtures.js';
import { dayOffset, nowIso } from './lib/time.js';

/**
 * Route-level access of every registered route × every kind of caller, and object-level replays,
 * driven by the table in access-matrix.ts (see there for the rules and the refs).
 */
let t: TestApp;

interface Caller {
  name: string;
  client: Client;
  signedIn: boolean;
  permissions: Permissions;
  admin: boolean;
  roleKey: string | null;
  isPlayer: boolean;
  /** A tryout guest: no session, the token header of an open session. */
  isGuest?: boolean;
  /** A guardian: the family session cookie only. */
  isGuardian?: boolean;
}

const NONE = permissionsAt(0);
const ALL = permissionsAt(2);
const PASSWORD = 'matrix-caller-password';
const callers: Caller[] = [];
const refs = {} as Record<ReplayCaller, Record<Ref, number>>;
const rows: Record<ReplayCaller, Partial<Record<Ref, Record<string, unknown>>>> = {
  coach: {},
  player: {},
  director: {},
  guest: {},
  guardian: {},
};
let staff: Record<ReplayCaller, Client>;

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const ok = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

/** Custom roles: all 0; each section alone at 1 and 2; each section at 0 and 1 with every other at 2; all 2; an admin role. */
function customRoles(): { title: string; admin: boolean; permissions: Permissions }[] {
  const list = [{ title: 'all 0', admin: false, permissions: NONE }];
  for (const s of SECTIONS) {
    for (const level of [1, 2] as Level[]) list.push({ title: `${s} ${level} only`, admin: false, permissions: { ...NONE, [s]: level } });
    for (const level of [0, 1] as Level[]) list.push({ title: `${s} ${level}, rest 2`, admin: false, permissions: { ...ALL, [s]: level } });
  }
  list.push({ title: 'all 2 (not admin)', admin: false, permissions: ALL });
  list.push({ title: 'custom admin (user management 1)', admin: true, permissions: { ...NONE, user_management: 1 } });
  return list;
}

beforeAll(async () => {
  // The bounce webhook is live (it answers 404 without a secret), so its signature check is what answers.
  t = await createTestApp({ config: { MAIL_WEBHOOK_SECRET: 'access-matrix-webhook-secret' } });
  callers.push({ name: 'anonymous', client: t.anon, signedIn: false, permissions: NONE, admin: false, roleKey: null, isPlayer: false });
  for (const role of ['superadmin', 'admin', 'coach', 'player'] as const) {
    const client = await t.login(role);
    const me = ok(await client.get('/api/auth/me'), 'me');
    callers.push({
      name: role,
      client,
      signedIn: true,
      permissions: me.permissions,
      admin: me.admin,
      roleKey: me.roleKey,
      isPlayer: me.isPlayer,
    });
  }
  const hash = await hashPassword(PASSWORD);
  for (const [i, role] of customRoles().entries()) {
    const roleId = await insertRole(t.db, role);
    const email = `matrix${i}@example.org`;
    await insertUser(t.db, { first_name: 'Matrix', last_name: `Caller ${i}`, email, password_hash: hash, role_id: roleId });
    const client = await t.login({ email, password: PASSWORD });
    callers.push({
      name: `custom role '${role.title}'`,
      client,
      signedIn: true,
      permissions: role.permissions,
      admin: role.admin,
      roleKey: null,
      isPlayer: false,
    });
  }
  await fixtures(callers.find((c) => c.name === 'superadmin')!.client);
}, 120_000);
afterAll(() => t.close());

/** The objects the replays point at, resolved for the demo Coach and the demo Player. */
async function fixtures(su: Client) {
  const director = await directorClient();
  staff = {
    coach: callers.find((c) => c.name === 'coach')!.client,
    player: callers.find((c) => c.name === 'player')!.client,
    director: director.client,
    guest: t.anon,
    guardian: t.anon,
  };
  const allTeams: { id: number; coachUser: number }[] = ok(await su.get('/api/teams'), 'teams');
  const coachTeams: { id: number }[] = ok(await staff.coach.get('/api/teams'), 'coach teams');
  const own = new Set(coachTeams.map((x) => x.id));
  const otherTeam = allTeams.find((x) => !own.has(x.id))!;
  const ownTeam = coachTeams[0]!;
  const members = async (teamId: number): Promise<number[]> =>
    (ok(await su.get(`/api/team/${teamId}/players?pageSize=200`), 'members').data as { id: number }[]).map((p) => p.id);
  const me = ok(await staff.player.get('/api/auth/me'), 'player me');
  const playerTeam = ok(await su.get(`/api/player/${me.player}`), 'player').teamIds[0] as number;
  const ownMembers = await members(ownTeam.id);
  const otherMembers = await members(otherTeam.id);
  const teammates = (await members(playerTeam)).filter((id) => id !== me.player);

  const users: { id: number; email: string }[] = ok(await su.get('/api/users'), 'users');
  const roles: { id: number; key: string | null; title: string }[] = ok(await su.get('/api/roles'), 'roles');
  const criterion = ok(await su.get('/api/criteria'), 'criteria')[0];
  const shared = {
    otherCoach: otherTeam.coachUser,
    otherUser: users.find((u) => u.email === 'jordan.reyes@demo.club')!.id,
    coachRole: roles.find((r) => r.key === 'coach')!.id,
    category: ok(await su.get('/api/categories'), 'categories')[0].id,
    season: ok(await su.get('/api/seasons'), 'seasons')[0].id,
    level: ok(await su.get('/api/levels'), 'levels')[0].id,
    achievement: ok(await su.get('/api/achievements'), 'achievements')[0].id,
    criterion: criterion.id,
    customRole: roles.find((r) => r.title === 'all 0')!.id,
    otherSession: 0,
    // Set once the fixtures below have made them.
    otherCycle: 0,
    clubCycle: 0,
    otherReport: 0,
    otherSentReport: 0,
    otherDraft: 0,
    otherOffer: 0,
    ...(await importsOf(su)),
    hiddenResource: ok(
      await su.post('/api/resources', {
        title: 'Admins only',
        category: 'Internal',
        video_links: [],
        document_links: ['https://example.org/board-minutes.pdf'],
        tags: ['internal'],
        access: [roles.find((r) => r.key === 'admin')!.id],
      }),
      'hidden resource',
    ).id,
  };
  const sessionPlayer = (await members(otherTeam.id))[0]!;
  const otherSession = ok(
    await su.post('/api/eval-sessions', {
      name: "Not the coach's",
      startDate: '2026-01-10',
      endDate: '2026-01-10',
      criteria: [{ criterionId: criterion.id, weight: 100 }],
    }),
    'session',
  ).session.id as number;
  ok(await su.post(`/api/eval-session/${otherSession}/players`, { playerIds: [sessionPlayer] }), 'session players');
  const code = ok(await su.post(`/api/eval-session/${otherSession}/open`), 'open session').session.guestCode as string;
  const { token } = ok(await t.anon.post('/api/tryout/join', { code, name: 'Matrix guest' }), 'guest join');
  const guestEvaluator = ok(await su.get(`/api/eval-session/${otherSession}`), 'session detail').evaluators.find(
    (e: { guest: boolean }) => e.guest,
  ).id as number;
  ok(await su.post(`/api/eval-session/${otherSession}/evaluator/${guestEvaluator}/admit`), 'admit guest');
  staff.guest = guestClient(token);
  callers.push({
    name: 'tryout guest',
    client: staff.guest,
    signedIn: false,
    permissions: NONE,
    admin: false,
    roleKey: null,
    isPlayer: false,
    isGuest: true,
  });
  // The director's own team (one of the coach's players) and own draft session.
  const directorPlayer = ownMembers.find((id) => id !== sessionPlayer)!;
  const directorTeam = await directorTeamOf(director.userId, directorPlayer);
  const ownSession = ok(
    await director.client.post('/api/eval-sessions', {
      name: "The director's",
      startDate: '2026-01-10',
      endDate: '2026-01-10',
      criteria: [{ criterionId: criterion.id, weight: 100 }],
    }),
    'own session',
  ).session.id as number;
  ok(await director.client.post(`/api/eval-session/${ownSession}/players`, { playerIds: [directorPlayer] }), 'own session players');
  const perCaller = {
    coach: { ownTeam: ownTeam.id, otherTeam: otherTeam.id, ownPlayer: ownMembers[0]!, otherPlayer: otherMembers[0]! },
    player: { ownTeam: playerTeam, otherTeam: otherTeam.id, ownPlayer: me.player as number, otherPlayer: teammates[0]! },
  };
  const sessionRefs = { otherSession, ownSession, otherEvaluator: guestEvaluator };
  refs.director = {
    ...shared,
    ...sessionRefs,
    ownTeam: directorTeam,
    otherTeam: otherTeam.id,
    ownPlayer: directorPlayer,
    otherPlayer: sessionPlayer,
  } as Record<Ref, number>;
  rows.director = { otherPlayer: ok(await su.get(`/api/player/${sessionPlayer}`), 'player row'), criterion };
  // The guest's otherPlayer: a player outside its session.
  refs.guest = {
    ...shared,
    ...sessionRefs,
    ownTeam: otherTeam.id,
    otherTeam: ownTeam.id,
    ownPlayer: sessionPlayer,
    otherPlayer: directorPlayer,
  } as Record<Ref, number>;
  for (const who of ['coach', 'player'] as const) {
    const target = perCaller[who].otherPlayer;
    const note = ok(await su.post(`/api/player/${target}/notes`, { details: `Private note on ${target}` }), 'note');
    const award = ok(await su.post(`/api/player/${target}/achievements`, { achievement_id: shared.achievement, detail: 'x' }), 'award');
    const evaluation = ok(await su.post(`/api/player/${target}/evaluation`, { criteria_id: criterion.id, score: 5 }), 'evaluation');
    const goal = ok(await su.post(`/api/player/${target}/goals`, { title: `Private goal of ${target}`, due_on: dayOffset(30) }), 'goal');
    // Only the player proposes (through their own sign-in): the fixture turns a goal into a proposal directly.
    const proposal = ok(
      await su.post(`/api/player/${target}/goals`, { title: `Proposal of ${target}`, due_on: dayOffset(30) }),
      'proposal',
    );
    await t.db.updateTable('goals').set({ state: 'proposed' }).where('id', '=', proposal.id).execute();
    const pdf = await su.upload(
      `/api/player/${target}/analysis`,
      { video_links: 'https://example.org/v' },
      { field: 'pdf', name: 'a.pdf', content: '%PDF-1.4\n%%EOF\n', type: 'application/pdf' },
    );
    ok(pdf, 'analysis pdf');
    const links = ok(await su.post(`/api/player/${target}/guardians`, { email: `matrix.${who}.parent@example.org` }), 'guardian link') as {
      id: number;
      guardianId: number;
      email: string;
    }[];
    const otherLink = links.find((l) => l.email === `matrix.${who}.parent@example.org`)!;
    const guardianRefs = {
      otherLink: otherLink.id,
      otherGuardian: otherLink.guardianId,
      ownChild: 0,
      otherFamilyPlayer: 0,
      revokedChild: 0,
      claimedChild: 0,
      revokedHolder: 0,
      claimedHolder: 0,
      erasedHolder: 0,
    };
    const reportTeam = who === 'coach' ? otherTeam.id : playerTeam;
    const otherReportCycle = await reportCycle(t.db, [reportTeam], `Matrix ${who}`);
    const otherReport = await approvedReport(t.db, { cycleId: otherReportCycle, playerId: target, teamId: reportTeam, state: 'sent' });
    const privacy = ok(await su.post(`/api/player/${target}/erasure-request`, { reason: 'Matrix' }), 'erasure request') as {
      requests: { id: number }[];
    };
    refs[who] = {
      ...shared,
      ...sessionRefs,
      ...perCaller[who],
      ...guardianRefs,
      otherNote: note.id,
      otherAward: award.id,
      otherEvaluation: evaluation.id,
      otherGoal: goal.id,
      otherProposal: proposal.id,
      otherPrivacyRequest: privacy.requests[0]!.id,
      otherSentReport: otherReport,
      otherReportCycle,
    };
    rows[who] = { otherPlayer: ok(await su.get(`/api/player/${target}`), 'player row'), criterion, ...importRows };
  }
  // The guardian caller: a parent of two of the coach's players, one link revoked by staff, and of a
  // third child who has claimed their own account and does not share with them.
  const [childA, childB] = ownMembers;
  const { links } = await familyOf(su, 'matrix.family@example.org', [childA!, childB!]);
  ok(await su.post(`/api/player/${childB}/guardian/${links[1]}/revoke`), 'revoke');
  const claimedChild = await holder(t, su, ownTeam.id, 'Matrix claimed child');
  ok(
    await su.post(`/api/player/${claimedChild.playerId}/guardians`, { email: 'matrix.family@example.org', relationship: 'parent' }),
    'link',
  );
  await claim(t, claimedChild);
  staff.guardian = await familyLogin(t, 'matrix.family@example.org');
  // Families whose links outlive their standing: revoked, claimed without sharing, erased.
  const lost = {
    revokedHolder: await holder(t, su, ownTeam.id, 'Matrix revoked'),
    claimedHolder: await holder(t, su, ownTeam.id, 'Matrix claimed'),
    erasedHolder: await holder(t, su, ownTeam.id, 'Matrix erased'),
  };
  await revoke(su, lost.revokedHolder);
  await claim(t, lost.claimedHolder);
  await erase(su, lost.erasedHolder);
  for (const [ref, h] of Object.entries(lost)) rows.guardian[ref as Ref] = h.tokens;
  const otherOffer = (
    await t.db.selectFrom('offers').select('id').where('player_id', '=', lost.revokedHolder.playerId).executeTakeFirstOrThrow()
  ).id;
  callers.push({
    name: 'guardian',
    client: staff.guardian,
    signedIn: false,
    permissions: NONE,
    admin: false,
    roleKey: null,
    isPlayer: false,
    isGuardian: true,
  });
  refs.guardian = {
    ...refs.coach,
    ownChild: childA!,
    otherFamilyPlayer: perCaller.coach.otherPlayer,
    revokedChild: childB!,
    claimedChild: claimedChild.playerId,
    revokedHolder: lost.revokedHolder.playerId,
    claimedHolder: lost.claimedHolder.playerId,
    erasedHolder: lost.erasedHolder.playerId,
    otherOffer,
  };
  // Reports: a cycle of the other coach's team with a draft in it, and a cycle of both teams.
  const cycleOf = async (name: string, teamIds: number[]) =>
    ok(
      await su.post('/api/report-cycles', {
        name,
        season_id: shared.season,
        team_ids: teamIds,
        opens_on: '2026-01-01',
        closes_on: '2026-06-30',
      }),
      name,
    ).id as number;
  const otherCycle = await cycleOf("Not the coach's cycle", [otherTeam.id]);
  const clubCycle = await cycleOf('Club cycle', [ownTeam.id, otherTeam.id]);
  ok(await su.post(`/api/report-cycle/${otherCycle}/team/${otherTeam.id}/reports`, {}), 'drafts');
  const otherReport = ok(await su.get(`/api/report-cycle/${otherCycle}/team/${otherTeam.id}/reports`), 'team reports').rows[0].report
    .id as number;
  for (const who of ['coach', 'player', 'director', 'guest', 'guardian'] as const)
    Object.assign(refs[who], { otherCycle, clubCycle, otherReport });
  // A draft of the other coach's team holding one of its players (ADR 0025).
  const otherTeamSeason = (await t.db.selectFrom('teams').select('season_id').where('id', '=', otherTeam.id).executeTakeFirstOrThrow())
    .season_id;
  const otherDraft = ok(
    await su.post('/api/drafts', { name: 'Matrix draft', season_id: otherTeamSeason, teams: [{ team_id: otherTeam.id, target_size: 10 }] }),
    'draft',
  ).id as number;
  ok(
    await su.post(`/api/draft/${otherDraft}/candidates`, { expected_version: 1, player_ids: [perCaller.coach.otherPlayer] }),
    'draft candidates',
  );
  for (const who of ['coach', 'player', 'director', 'guest', 'guardian'] as const) Object.assign(refs[who], { otherDraft });
}

/** The superadmin's players imports: one checked and not run, one run (the replays must not reach either). */
async function importsOf(su: Client): Promise<{ otherPlan: number; otherImport: number; otherEvaluationPlan: number }> {
  const ids: number[] = [];
  for (const name of ['Plan', 'Import']) {
    const up = ok(
      await su.upload(
        '/api/imports/players/upload',
        {},
        {
          field: 'file',
          name: 'players.csv',
          content: `First name,Last name,Email\nMatrix,${name},matrix.${name.toLowerCase()}@example.org\n`,
        },
      ),
      'import upload',
    );
    ids.push(up.id);
    const plan = ok(await su.post(`/api/import/${up.id}/validate`, { mapping: up.mapping }), 'import plan');
    importRows[name === 'Plan' ? 'otherPlan' : 'otherImport'] = { plan_hash: plan.plan_hash };
    if (name === 'Import') ok(await su.post(`/api/import/${up.id}/commit`, { plan_hash: plan.plan_hash }), 'import commit');
  }
  // An evaluations plan too (another kind, same plan routes), naming a player of another team.
  const criterion = ok(await su.get('/api/criteria'), 'criteria')[0] as { criteria: string };
  const other = ok(await su.get('/api/players?pageSize=1'), 'players').data[0] as { id: number };
  const up = ok(
    await su.upload(
      '/api/imports/evaluations/upload',
      {},
      { field: 'file', name: 'scores.csv', content: `Player ID,Criterion,Score\n${other.id},${criterion.criteria},7\n` },
    ),
    'evaluations upload',
  );
  const plan = ok(await su.post(`/api/import/${up.id}/validate`, { mapping: up.mapping }), 'evaluations plan');
  importRows.otherEvaluationPlan = { plan_hash: plan.plan_hash };
  return { otherPlan: ids[0]!, otherImport: ids[1]!, otherEvaluationPlan: up.id as number };
}
const importRows: Partial<Record<Ref, Record<string, unknown>>> = {};

/** A director of their own team: runs sessions (sessions 2) but reaches only that team (teams 1). */
async function directorClient(): Promise<{ client: Client; userId: number }> {
  const roleId = await insertRole(t.db, {
    title: 'Session director (own team)',
    admin: false,
    permissions: { ...NONE, sessions: 2, teams: 1, players: 2, evaluation: 2, criteria: 1 },
  });
  const email = 'matrix.director@example.org';
  const userId = await insertUser(t.db, {
    first_name: 'Matrix',
    last_name: 'Director',
    email,
    password_hash: await hashPassword(PASSWORD),
    role_id: roleId,
  });
  return { client: await t.login({ email, password: PASSWORD }), userId };
}

/** A team coached by the director, holding one player. */
async function directorTeamOf(userId: number, playerId: number): Promise<number> {
  const now = nowIso();
  const base = await t.db.selectFrom('teams').select(['category_id', 'season_id']).executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto('teams')
    .values({
      name: 'Director team',
      category_id: base.category_id,
      season_id: base.season_id,
      coach_user_id: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('team_players').values({ team_id: id, player_id: playerId }).execute();
  await t.settled();
  return id;
}

/** A guest evaluator's client: the tryout token header, no cookie and no CSRF token. */
function guestClient(token: string): Client {
  const headers = { 'x-tryout-token': token };
  return {
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    post: (url, body) => t.app.inject({ method: 'POST', url, headers, ...(body === undefined ? {} : { payload: body as object }) }),
    upload: () => Promise.reject(new Error('guests upload nothing')),
    csrf: '',
    cookie: '',
  };
}

/** The expected route-level answer of the table's rule for a caller: allowed (not 401/403), 401 or 403. */
function expected(rule: Rule, c: Caller): 'allowed' | 401 | 403 {
  if (rule === 'public') return 'allowed';
  if (rule === 'guest') return c.isGuest ? 'allowed' : 401;
  if (rule === 'family') return c.isGuardian ? 'allowed' : 401;
  if (rule === 'webhook') return 401;
  if (!c.signedIn) return 401;
  const has = (spec: string) => {
    const [section, level] = spec.split(':') as [Section, string];
    return c.permissions[section] >= Number(level);
  };
  const allowed = (() => {
    switch (rule) {
      case 'signedIn':
        return true;
      case 'staff':
        return !c.isPlayer;
      case 'admin':
        return c.admin;
      case 'superadmin':
        return c.roleKey === 'superadmin';
      case 'addPlayers':
        return c.permissions.players >= 2 && ((!c.admin && c.permissions.teams === 1) || c.permissions.teams >= 2);
      default:
        if (rule.startsWith('self|')) return c.isPlayer || has(rule.slice(5));
        return rule.split('|').some(has);
    }
  })();
  return allowed ? 'allowed' : 403;
}

function probe(c: Caller, method: string, url: string, entry: RouteAccess) {
  const path = url.replace(/:\w+/g, 'x') + (entry.probe?.query ? `?${entry.probe.query}` : '');
  return method === 'GET' ? c.client.get(path) : c.client.post(path, entry.probe?.body ?? []);
}

/** '$ref' → id; '{ref.column}' inside a string → that fixture row's column. */
function fill(value: unknown, who: ReplayCaller): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('$')) return refs[who][value.slice(1) as Ref];
    return value.replace(/\{(\w+)\.(\w+)\}/g, (_m, ref: Ref, column: string) => String(rows[who][ref]?.[column] ?? refs[who][ref]));
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, who));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, who)]));
  return value;
}

function replay(who: ReplayCaller, method: string, url: string, r: Replay) {
  const client = staff[who];
  let path = url.replace(/:(\w+)/g, (_m, name: string) => String(refs[who][r.params![name]!]));
  if (r.query) path += `?${new URLSearchParams(Object.entries(r.query).map(([k, ref]) => [k, String(refs[who][ref])])).toString()}`;
  if (method === 'GET') return client.get(path);
  if (r.upload) {
    const file = r.upload.file && { ...r.upload.file, content: fill(r.upload.file.content, who) as string };
    return client.upload(path, fill(r.upload.fields, who) as Record<string, string>, file);
  }
  return client.post(path, fill(r.body ?? {}, who));
}

describe('access matrix (access-matrix.ts × every caller)', () => {
  it('lists every registered route, and only those', () => {
    const registered = t.app.routeTable.map(key).sort();
    const listed = Object.keys(ACCESS_MATRIX).sort();
    expect(
      registered.filter((k) => !(k in ACCESS_MATRIX)),
      'registered routes missing from access-matrix.ts',
    ).toEqual([]);
    expect(
      listed.filter((k) => !registered.includes(k)),
      'rows of access-matrix.ts without a route',
    ).toEqual([]);
  });

  it('has an object-level replay (or a stated reason) for every route with an id in its path', () => {
    const missing = Object.entries(ACCESS_MATRIX).filter(([k, v]) => k.includes('/:') && !v.replays?.length && !v.noReplay);
    expect(missing.map(([k]) => k)).toEqual([]);
    // Sessions routes take session, player and evaluator ids: each is replayed, none excused (issue 25).
    const excused = Object.entries(ACCESS_MATRIX).filter(
      ([k, v]) => /\/api\/(eval-session|tryout)\/.*:/.test(k) && (v.noReplay || !v.replays?.length),
    );
    expect(excused.map(([k]) => k)).toEqual([]);
    for (const [k, v] of Object.entries(ACCESS_MATRIX)) {
      for (const r of v.replays ?? []) {
        const names = [...k.matchAll(/:(\w+)/g)].map((m) => m[1]);
        expect(Object.keys(r.params ?? {}).sort(), `${k}: replay params`).toEqual(names.sort());
      }
    }
  });

  it("replays other coaches' and players' objects: 403 or 404, never 2xx, nothing written", async () => {
    let cells = 0;
    const failures: string[] = [];
    for (const [k, entry] of Object.entries(ACCESS_MATRIX)) {
      const [method, url] = k.split(' ') as [string, string];
      for (const r of entry.replays ?? []) {
        for (const who of r.as ?? (['coach', 'player'] as const)) {
          const before = await fingerprint(t.db);
          const res = await replay(who, method, url, r);
          const after = await fingerprint(t.db);
          cells++;
          const allowed = r.expect ?? [403, 404];
          if (!allowed.includes(res.statusCode))
            failures.push(`${who} ${k} ${JSON.stringify(r.params ?? r.query ?? {})}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (before !== after) failures.push(`${who} ${k}: refused with ${res.statusCode} but wrote (${before} → ${after})`);
        }
      }
    }
    console.log(`access matrix: ${cells} object-level replay cells checked`);
    expect(failures).toEqual([]);
    expect(cells).toBeGreaterThan(80);
  }, 60_000);

  it('answers every route × caller as the table says (401 / 403 / allowed), writing nothing', async () => {
    // Sign-outs last: they end the caller's session.
    const last = (url: string) => Number(url === '/api/auth/logout' || url === '/api/family/logout');
    const routes = [...t.app.routeTable].sort((a, b) => last(a.url) - last(b.url));
    const before = await fingerprint(t.db);
    let cells = 0;
    const failures: string[] = [];
    for (const route of routes) {
      const entry = ACCESS_MATRIX[key(route)]!;
      for (const c of callers) {
        const want = expected(entry.rule, c);
        const res = await probe(c, route.method, route.url, entry);
        cells++;
        const got = res.statusCode;
        const pass = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!pass) failures.push(`${c.name} ${key(route)} [${entry.rule}]: expected ${want}, got ${got} ${res.body.slice(0, 120)}`);
      }
    }
    console.log(`access matrix: ${cells} route × caller cells checked (${routes.length} routes × ${callers.length} callers)`);
    expect(failures).toEqual([]);
    expect(await fingerprint(t.db)).toBe(before);
  }, 240_000);

  it('refuses to start when a route has no access declaration', async () => {
    const config = loadConfig({}, { LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent' });
    const undeclared = async (app: import('fastify').FastifyInstance) => {
      app.get('/api/undeclared', async () => ({ data: 1 }));
    };
    await expect(
      buildApp({
        config,
        database: { db: t.db, dialect: t.dialect, changes: null, limits: t.app.database.limits, close: async () => {} },
        logger: false,
        extraModules: [undeclared],
      }),
    ).rejects.toThrow(/no access declaration/);
    expect(access.public.kind).toBe('public');
  });
});
