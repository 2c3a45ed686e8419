import type { Level, Section } from '../shared/permissions.js';

/**
 * WHO MAY CALL EACH API ROUTE (docs/decisions/0003-sessions-and-access.md), one row per registered route, written down on its own —
 * not read from the routes' `config.access` — so the routes are checked against it, not against
 * themselves. `access-matrix.test.ts` sends every route × every kind of caller and fails when a
 * registered route is missing here (or a row names a route that no longer exists).
 *
 * `rule` — the expected outcome of a signed-in / anonymous caller at route level:
 *   'public'                    anyone, no session needed
 *   'signedIn'                  any session (else 401)
 *   'staff'                     any session of a non-Player account (a Player gets 403)
 *   'admin'                     roles with the Admin option (Superadmin, Admin, custom admin roles)
 *   'superadmin'                the Superadmin role only
 *   'teams:1'                   that section at that level or higher
 *   'criteria:1|evaluation:1'   any one of several section levels
 *   'self|players:1'            the Player themself (object check below), or staff with that level
 *   'addPlayers'                players:2 and (a coach role or teams:2) — docs/product.md#permissions canAddPlayers
 *   'guest'                     a tryout guest's token header only (every signed-in or anonymous caller: 401)
 *   'family'                    a guardian's own session only (every staff, player or anonymous caller: 401);
 *                               a guardian calling any route that is not public or family gets 401 too
 *   'webhook'                   machine to machine: a signature of the body (policies/webhook.ts), never a
 *                               session, so every caller here — signed in or not, unsigned — gets 401
 *
 * `probe` — how the route-level cell is asked without side effects: by default path ids are 'x' and
 * POST bodies are `[]`, which fail validation (400) after the access check (401/403) and before the
 * handler. Routes whose rule is enforced inside the handler get a probe that reaches that check and
 * still fails afterwards.
 *
 * `replays` — object-level checks (every route with an id in its path, and routes filtering by a
 * team id): the demo Coach (Casey, teams U14 Boys and U16 Girls) and the demo Player (player of
 * U14 Boys) ask for objects that are not theirs; the answer must be 403 or 404, never 2xx, and
 * nothing may be written. Refs (resolved per caller by the test):
 *   ownTeam / otherTeam         a team of the caller / of the other coach (Jordan) the caller is not in
 *   ownPlayer / otherPlayer     the caller's player (coach: one of their players; player: themself) /
 *                               for the coach a player of Jordan's team, for the player a team-mate
 *   otherNote / otherAward / otherEvaluation / otherGoal   a note / achievement / evaluation / goal of otherPlayer
 *   hiddenResource              a resource shared with the Admin role only
 *   otherCoach, otherUser       Jordan's user id; coachRole the Coach role id
 *   category, season, level, achievement, criterion, customRole   reference rows (admin-only writes)
 *   otherSession                an evaluation session the demo Coach is not an evaluator of, holding a
 *                               player of the other coach's team
 *   ownSession                  the director's own draft session, of their own team's player
 *   otherEvaluator              an evaluator (the tryout guest) of otherSession
 * Sessions routes are also replayed by a director: a custom role running sessions (sessions 2) that
 * reaches only its own team (teams 1, players 2, evaluation 2), and the guest route by the tryout
 * guest, whose otherPlayer is a player outside its session.
 *   otherLink, otherGuardian    a guardian link of otherPlayer (to a guardian linked to nobody else) and that guardian
 *   otherCycle                  an evaluation cycle of the other coach's team only
 *   clubCycle                   a cycle of both the caller's team and the other coach's team (a coach reads it, edits it not)
 *   otherReport                 a draft report of the other coach's team (in otherCycle)
 *   otherPlan, otherImport      the superadmin's players import: a checked plan not yet run / a finished import
 *   otherDraft                  a draft board of the other coach's team, holding the coach's otherPlayer (version 2)
 *   otherEvaluationPlan         the superadmin's evaluations import, checked, not run
 * The guardian caller (a parent of two players, one link revoked) replays with its own refs:
 *   ownChild                    a child of an active link (staff routes: still 401, a guardian has no staff session)
 *   otherFamilyPlayer           a player the guardian is not linked to (another family's child): 404
 *   revokedChild                the child of the guardian's revoked link: 403
 *   claimedChild                a child of the guardian's active link who claimed their account without
 *                               sharing with them (policies/standing.ts): 403 on every family route
 * Token routes replay links whose holder lost standing (policies/standing.ts) after the link was made:
 *   revokedHolder / claimedHolder / erasedHolder   a family (test/standing.fixtures.ts) whose guardian link
 *                               was revoked / whose child claimed without sharing / whose child was erased;
 *                               their columns signIn, report, offer, claim are that family's unused links.
 *                               Each answers as that link's expired or invalid answer (400), writing nothing.
 *   otherSentReport             a sent report of otherPlayer (the guardian: of another family's child)
 *   otherReportCycle            its cycle, covering only otherPlayer's team (for the coach, another coach's team)
 *   otherPrivacyRequest         an open erasure request of otherPlayer (privacy routes; the guardian uses the coach's)
 *   otherOffer                  a pending offer of another family's child (revokedHolder's player)
 * Strings '$ref' in bodies/fields become ids; '{ref.column}' inside strings becomes that row's column.
 */
export type Rule =
  | 'public'
  | 'signedIn'
  | 'staff'
  | 'admin'
  | 'superadmin'
  | 'addPlayers'
  | 'guest'
  | 'family'
  | 'webhook'
  | `${Section}:${Exclude<Level, 0>}`
  | `${Section}:${Exclude<Level, 0>}|${Section}:${Exclude<Level, 0>}`
  /** The import plan routes: any kind's write right (the plan's own kind is checked on reading it). */
  | 'players:2|evaluation:2|teams:2|user_management:2'
  | `self|${Section}:${Exclude<Level, 0>}`;

export type Ref =
  | 'ownTeam'
  | 'otherTeam'
  | 'ownPlayer'
  | 'otherPlayer'
  | 'otherNote'
  | 'otherAward'
  | 'otherEvaluation'
  | 'otherGoal'
  | 'hiddenResource'
  | 'otherCoach'
  | 'otherUser'
  | 'coachRole'
  | 'category'
  | 'season'
  | 'level'
  | 'achievement'
  | 'criterion'
  | 'customRole'
  | 'otherSession'
  | 'ownSession'
  | 'otherEvaluator'
  | 'otherLink'
  | 'otherGuardian'
  | 'ownChild'
  | 'otherFamilyPlayer'
  | 'revokedChild'
  | 'claimedChild'
  | 'revokedHolder'
  | 'claimedHolder'
  | 'erasedHolder'
  | 'otherCycle'
  | 'clubCycle'
  | 'otherReport'
  | 'otherSentReport'
  | 'otherReportCycle'
  | 'otherPrivacyRequest'
  | 'otherOffer'
  | 'otherPlan'
  | 'otherImport'
  | 'otherDraft'
  | 'otherEvaluationPlan';

export type ReplayCaller = 'coach' | 'player' | 'director' | 'guest' | 'guardian';

export interface Replay {
  /** Who replays it (default the coach and the player). */
  as?: ReplayCaller[];
  params?: Record<string, Ref>;
  query?: Record<string, Ref>;
  body?: unknown;
  upload?: { fields: Record<string, string>; file?: { field: string; name: string; content: string; type?: string } };
  /** Accepted refusals (default 403, 404). */
  expect?: number[];
}

export interface RouteAccess {
  rule: Rule;
  probe?: { body?: unknown; query?: string };
  replays?: Replay[];
  /** Why a route with an id in its path has no object-level replay. */
  noReplay?: string;
}

const draftReplayers: ReplayCaller[] = ['coach', 'player', 'director'];
/** Replays of the other coach's draft (or, without an id, of a new draft of the other coach's team). */
const drafts = (body?: unknown, withId = true): Replay[] => [
  { as: draftReplayers, ...(withId ? { params: { id: 'otherDraft' as Ref } } : {}), ...(body === undefined ? {} : { body }) },
];
const player = { first_name: 'Replay', last_name: 'Attempt', team_id: ['$ownTeam'] };
const evaluation = { criteria_id: '$criterion', score: 7 };
const goal = { criterion_id: null, title: 'Replayed goal', due_on: '2030-01-01' };
const team = { name: 'Replayed team', category: '$category', season: '$season', coachRole: '$coachRole', coachUser: '$otherCoach' };
const resource = {
  title: 'Replayed',
  category: 'Drills',
  video_links: ['https://example.org/v'],
  document_links: [],
  tags: ['x'],
  access: [],
};
const role = {
  title: 'Replayed role',
  permissions: { teams: 1, players: 0, evaluation: 0, criteria: 0, user_management: 0, reports: 0, resources: 0, emails: 0, sessions: 0 },
};
/** A sessions route: another team's session, by the coach, the player and the director of their own team. */
const session = (extra: Record<string, Ref> = {}, body?: unknown): Replay[] => [
  { params: { id: 'otherSession', ...extra }, ...(body === undefined ? {} : { body }), as: ['coach', 'player', 'director'] },
];
/** The director's own session with another team's player or team. */
const ownSession = (extra: Record<string, Ref>, body?: unknown, expect?: number[]): Replay => ({
  params: { id: 'ownSession', ...extra },
  ...(body === undefined ? {} : { body }),
  ...(expect ? { expect } : {}),
  as: ['director'],
});
const sessionSave = {
  name: 'Replayed session',
  startDate: '2026-01-10',
  endDate: '2026-01-10',
  criteria: [{ criterionId: '$criterion', weight: 100 }],
};
const evaluationCsv = {
  field: 'bulkFile',
  name: 'evaluations.csv',
  content:
    'PlayerFirstName,PlayerLastName,ParentEmail,Level,Criteria,Score,Notes,Video\n{otherPlayer.first_name},{otherPlayer.last_name},{otherPlayer.email},{criterion.level_name},{criterion.criteria},7,,\n',
};
/** A player route: the other player's data, then (nested rows) the caller's own player with the other's row id. */
const otherPlayer = (body?: unknown): Replay[] => [{ params: { id: 'otherPlayer' }, ...(body === undefined ? {} : { body }) }];
const nested = (key: string, ref: Ref, body?: unknown): Replay[] => [
  { params: { id: 'otherPlayer', [key]: ref }, ...(body === undefined ? {} : { body }) },
  { params: { id: 'ownPlayer', [key]: ref }, ...(body === undefined ? {} : { body }) },
];
const reference = (ref: Ref, body?: unknown): Replay[] => [{ params: { id: ref }, ...(body === undefined ? {} : { body }) }];
const familyRefusals = ['otherFamilyPlayer', 'revokedChild', 'claimedChild'] as const;
/** A family route: another family's child (404), the child of a revoked link (403), a child who claimed without sharing (403). */
const family = (body?: unknown): Replay[] =>
  familyRefusals.map((ref) => ({
    as: ['guardian'],
    params: { id: ref },
    ...(body === undefined ? {} : { body }),
  }));
/** A self-assessment: another player's in a cycle of theirs; for the coach, their own player in another team's cycle. */
const selfAssessment = (body?: unknown): Replay[] => [
  { params: { id: 'otherPlayer', cycleId: 'otherReportCycle' }, ...(body === undefined ? {} : { body }) },
  { as: ['coach'], params: { id: 'ownPlayer', cycleId: 'otherReportCycle' }, ...(body === undefined ? {} : { body }) },
  { as: ['guardian'], params: { id: 'ownChild', cycleId: 'otherReportCycle' }, ...(body === undefined ? {} : { body }), expect: [401] },
];
/** A family report route: another family's child and report, a revoked or claimed child, and the own child with another's report. */
const familyReport = (): Replay[] => [
  ...familyRefusals.map((ref): Replay => ({
    as: ['guardian'],
    params: { id: ref, reportId: 'otherSentReport' },
  })),
  { as: ['guardian'], params: { id: 'ownChild', reportId: 'otherSentReport' } },
];
/** A family offer answer: another family's child and offer, a revoked or claimed child, and the own child with another's offer. */
const familyOffer = (): Replay[] => [
  ...familyRefusals.map((ref): Replay => ({ as: ['guardian'], params: { id: ref, offerId: 'otherOffer' }, body: { answer: 'decline' } })),
  { as: ['guardian'], params: { id: 'ownChild', offerId: 'otherOffer' }, body: { answer: 'decline' } },
];
/** A player-area report: another player's report, and the caller's own player with another's report. */
const playerReport: Replay[] = [
  { params: { playerId: 'otherPlayer', reportId: 'otherSentReport' } },
  { params: { playerId: 'ownPlayer', reportId: 'otherSentReport' } },
];
/**
 * A token route: the links of a holder who lost standing (revoked, claimed without sharing, erased)
 * answer as expired or invalid ones (400). `holders` defaults to all three.
 */
const lostStanding = (
  column: 'signIn' | 'report' | 'offer' | 'claim',
  extra: Record<string, unknown> = {},
  holders: Ref[] = ['revokedHolder', 'claimedHolder', 'erasedHolder'],
): Replay[] => holders.map((ref) => ({ as: ['guardian'], body: { token: `{${ref}.${column}}`, ...extra }, expect: [400] }));
/** A guardian's session on a staff route, even for their own child: 401. */
const guardianOnStaff: Replay = { as: ['guardian'], params: { id: 'ownChild' }, expect: [401] };
const link = { relationship: 'parent', is_primary: true, receives_reports: true, parental_responsibility: true };
const cycle = (team: Ref) => ({
  name: 'Replayed cycle',
  season_id: '$season',
  team_ids: [`$${team}`],
  opens_on: '2026-01-01',
  closes_on: '2026-06-30',
});
/** A team of a cycle: another coach's team in a shared cycle, in its own cycle, and the caller's team in a cycle that does not cover it. */
const cycleTeam = (body?: unknown): Replay[] =>
  (
    [
      ['clubCycle', 'otherTeam'],
      ['otherCycle', 'otherTeam'],
      ['otherCycle', 'ownTeam'],
    ] as const
  ).map(([id, teamId]) => ({ params: { id, teamId }, ...(body === undefined ? {} : { body }) }));
/** A report of another coach's team; a guardian's session is no staff session (401). */
const otherReport = (body?: unknown): Replay[] => [
  { params: { id: 'otherReport' }, ...(body === undefined ? {} : { body }) },
  { as: ['guardian'], params: { id: 'otherReport' }, ...(body === undefined ? {} : { body }), expect: [401] },
];
const teamFilter = (as?: ('coach' | 'player')[]): Replay[] => [{ query: { team_id: 'otherTeam' }, ...(as ? { as } : {}) }];

export const ACCESS_MATRIX: Record<string, RouteAccess> = {
  'GET /api/health': { rule: 'public' },

  // Sign-in, session, password
  'POST /api/auth/login': { rule: 'public' },
  'POST /api/auth/logout': { rule: 'public' },
  'GET /api/auth/me': { rule: 'signedIn' },
  'POST /api/auth/password': { rule: 'signedIn' },
  'POST /api/auth/forgot-password': { rule: 'public' },
  'POST /api/auth/reset-password': { rule: 'public' },

  // Reference data (Settings): everyone signed in reads, admin roles write
  'GET /api/categories': { rule: 'signedIn' },
  'POST /api/categories': { rule: 'admin' },
  'POST /api/category/:id': { rule: 'admin', replays: reference('category', { name: 'Replayed club' }) },
  'POST /api/category/:id/delete': { rule: 'admin', replays: reference('category') },
  'GET /api/seasons': { rule: 'signedIn' },
  'POST /api/seasons': { rule: 'admin' },
  'POST /api/season/:id': { rule: 'admin', replays: reference('season', { name: 'Replayed season' }) },
  'POST /api/season/:id/delete': { rule: 'admin', replays: reference('season') },
  'POST /api/season/:id/reopen': { rule: 'admin', replays: reference('season') },
  // Season rollover: club-wide, admin roles only (ADR 0024)
  'GET /api/rollover': { rule: 'admin' },
  'POST /api/rollover': { rule: 'admin' },
  'GET /api/levels': { rule: 'signedIn' },
  'GET /api/levels/': { rule: 'signedIn' },
  'POST /api/levels': { rule: 'admin' },
  'POST /api/level/:id': { rule: 'admin', replays: reference('level', { name: 'Replayed level', kind: 'yes_no' }) },
  'POST /api/level/:id/delete': { rule: 'admin', replays: reference('level') },
  'GET /api/achievements': { rule: 'signedIn' },
  'POST /api/achievements': { rule: 'admin' },
  'POST /api/achievement/:id': { rule: 'admin', replays: reference('achievement', { title: 'Replayed award' }) },
  'POST /api/achievement/:id/delete': { rule: 'admin', replays: reference('achievement') },
  'GET /api/settings': { rule: 'signedIn' },
  'POST /api/settings': { rule: 'admin' },
  // The club's consent wording (ADR 0019): no ids in the path; a guardian's session gets 401 like on every staff route
  'GET /api/consent-texts': { rule: 'admin' },
  'POST /api/consent-texts': { rule: 'admin' },

  // Teams: coaches (teams 1) read their own teams only
  'GET /api/teams': { rule: 'teams:1' },
  'GET /api/teams/coach-options': { rule: 'teams:2' },
  'GET /api/coach/:coachId/teams': { rule: 'teams:2', replays: [{ params: { coachId: 'otherCoach' } }] },
  'GET /api/team/:id': { rule: 'teams:1', replays: [{ params: { id: 'otherTeam' } }] },
  'POST /api/teams': { rule: 'teams:2' },
  'POST /api/team/:id': { rule: 'teams:2', replays: [{ params: { id: 'otherTeam' }, body: team }] },
  'POST /api/team/:id/delete': { rule: 'teams:2', replays: [{ params: { id: 'otherTeam' } }] },
  'POST /api/teams/bulk': { rule: 'teams:2' },

  // Players
  'GET /api/players': { rule: 'players:1', replays: teamFilter() },
  'GET /api/team/:teamId/players': { rule: 'players:1', replays: [{ params: { teamId: 'otherTeam' } }] },
  'GET /api/players/team-options': { rule: 'players:1' },
  // Takes no id: the caller's own teams are chosen on the server (dashboard.test.ts checks a coach sees only theirs).
  'GET /api/dashboard': { rule: 'players:1' },
  'GET /api/player/:id': { rule: 'self|players:1', replays: [...otherPlayer(), guardianOnStaff] },
  'POST /api/players': {
    rule: 'addPlayers',
    probe: { body: { first_name: 'Probe', last_name: 'Only', email: 'probe@example.org', team_id: [999999] } },
    // No id in the path: a coach cannot put a new player into another coach's team.
    replays: [{ body: { first_name: 'Replay', last_name: 'Create', email: 'replay.create@example.org', team_id: ['$otherTeam'] } }],
  },
  'POST /api/player/:id': {
    rule: 'players:2',
    replays: [...otherPlayer(player), { params: { id: 'ownPlayer' }, body: { ...player, team_id: ['$otherTeam'] } }],
  },
  'POST /api/player/:id/delete': { rule: 'players:2', replays: otherPlayer() },
  'POST /api/team/:teamId/player/:id/remove': {
    rule: 'players:2',
    replays: [{ params: { teamId: 'otherTeam', id: 'otherPlayer' } }, { params: { teamId: 'ownTeam', id: 'otherPlayer' } }],
  },
  'GET /api/player/:id/notes': { rule: 'self|players:1', replays: otherPlayer() },
  // Development plans (ADR 0029): the players rule, then the goal must be of the path's player (404).
  'GET /api/player/:id/goals': { rule: 'self|players:1', replays: [...otherPlayer(), guardianOnStaff] },
  'GET /api/player/:id/goal-suggestions': { rule: 'players:1', replays: [...otherPlayer(), guardianOnStaff] },
  'POST /api/player/:id/goals': { rule: 'players:2', replays: [...otherPlayer(goal), { ...guardianOnStaff, body: goal }] },
  'POST /api/player/:id/goal/:goalId': { rule: 'players:2', replays: nested('goalId', 'otherGoal', { description: 'Replayed' }) },
  'POST /api/player/:id/goal/:goalId/state': { rule: 'players:2', replays: nested('goalId', 'otherGoal', { state: 'dropped' }) },
  'POST /api/player/:id/goal/:goalId/check-ins': {
    rule: 'self|players:2',
    replays: [
      ...nested('goalId', 'otherGoal', { note: 'Replayed' }),
      { ...guardianOnStaff, params: { id: 'ownChild', goalId: 'otherGoal' } },
    ],
  },
  'GET /api/family/player/:id/goals': { rule: 'family', replays: family() },
  // Self-assessment (ADR 0029): the players rule, then the cycle must be one of the path's player (404);
  // only the player writes (staff 403 in the handler). otherReportCycle covers only another team for the coach.
  'GET /api/player/:id/self-assessments': { rule: 'self|reports:1', replays: [...otherPlayer(), guardianOnStaff] },
  'GET /api/player/:id/self-assessment/:cycleId': { rule: 'self|reports:1', replays: selfAssessment() },
  'POST /api/player/:id/self-assessment/:cycleId': {
    rule: 'self|reports:1',
    replays: selfAssessment({ scores: [{ criterion_id: '$criterion', score: '5' }] }),
  },
  'GET /api/family/player/:id/self-assessments': { rule: 'family', replays: family() },
  // A team's goals: the teams rule (a coach reaches their own teams); writing needs players write.
  'GET /api/team/:id/goals': { rule: 'players:1', replays: [{ params: { id: 'otherTeam' } }] },
  'POST /api/team/:id/goals': {
    rule: 'players:2',
    replays: [{ params: { id: 'otherTeam' }, body: goal }],
  },
  'POST /api/player/:id/notes': { rule: 'players:2', replays: otherPlayer({ details: 'Replayed note' }) },
  'POST /api/player/:id/note/:noteId': { rule: 'players:2', replays: nested('noteId', 'otherNote', { details: 'Replayed note' }) },
  'POST /api/player/:id/note/:noteId/delete': { rule: 'players:2', replays: nested('noteId', 'otherNote') },
  'GET /api/player/:id/achievements': { rule: 'self|players:1', replays: otherPlayer() },
  'POST /api/player/:id/achievements': { rule: 'players:2', replays: otherPlayer({ achievement_id: '$achievement', detail: 'Replayed' }) },
  'POST /api/player/:id/achievement/:achId': {
    rule: 'players:2',
    replays: nested('achId', 'otherAward', { achievement_id: '$achievement', detail: 'Replayed' }),
  },
  'POST /api/player/:id/achievement/:achId/delete': { rule: 'players:2', replays: nested('achId', 'otherAward') },
  'POST /api/player/:id/analysis': {
    rule: 'players:2',
    replays: [{ params: { id: 'otherPlayer' }, upload: { fields: { video_links: 'https://example.org/replayed' } } }],
  },
  'GET /api/player/:id/analysis/pdf': { rule: 'self|players:1', replays: otherPlayer() },
  'GET /assets/images/users/:key': {
    rule: 'signedIn',
    noReplay:
      "The key is no id of a reachable object: staff see every photo (staff lists, leaderboards), a player their own and team-mates' with media consent, else 404 (policies/media.ts, tested in media.test.ts); keys are random (ADR 0004).",
  },
  'POST /api/players/bulk': {
    rule: 'addPlayers',
    replays: [
      {
        upload: {
          fields: { team_id: '$otherTeam' },
          file: { field: 'bulkFile', name: 'players.csv', content: 'FirstName,LastName,Email\nReplay,Bulk,replay.bulk@example.org\n' },
        },
      },
    ],
  },
  'GET /api/players/export': { rule: 'players:1', replays: teamFilter() },

  // Import wizard (ADR 0021): each kind its section's write right (players: addPlayers); a plan is its
  // author's, history the author's or a club admin's. No ids in these paths: a coach's evaluations
  // file naming another team's player is an invalid row, never written (imports/kinds.test.ts).
  'POST /api/imports/players/upload': { rule: 'addPlayers' },
  'GET /api/imports/players/history': { rule: 'addPlayers' },
  'POST /api/imports/evaluations/upload': { rule: 'evaluation:2' },
  'GET /api/imports/evaluations/history': { rule: 'evaluation:2' },
  'POST /api/imports/teams/upload': { rule: 'teams:2' },
  'GET /api/imports/teams/history': { rule: 'teams:2' },
  'POST /api/imports/users/upload': { rule: 'user_management:2' },
  'GET /api/imports/users/history': { rule: 'user_management:2' },
  // Route level is any importer (the probe's id 'x' fails validation first); the plan's kind is then asked.
  'POST /api/import/:id/validate': {
    rule: 'players:2|evaluation:2|teams:2|user_management:2',
    replays: [
      { params: { id: 'otherPlan' }, body: { mapping: { first_name: 0, last_name: 1, email: 2, dob: null }, team_id: '$ownTeam' } },
      { params: { id: 'otherImport' }, body: { mapping: { first_name: 0, last_name: 1, email: 2, dob: null }, team_id: '$ownTeam' } },
      { params: { id: 'otherEvaluationPlan' }, body: { mapping: { player_id: 0, criterion: 1, score: 2 } } },
    ],
  },
  'POST /api/import/:id/commit': {
    rule: 'players:2|evaluation:2|teams:2|user_management:2',
    replays: [
      { params: { id: 'otherPlan' }, body: { plan_hash: '{otherPlan.plan_hash}' } },
      { params: { id: 'otherImport' }, body: { plan_hash: '{otherImport.plan_hash}' } },
      { params: { id: 'otherEvaluationPlan' }, body: { plan_hash: '{otherEvaluationPlan.plan_hash}' } },
    ],
  },
  'POST /api/import/:id/undo': {
    rule: 'players:2|evaluation:2|teams:2|user_management:2',
    replays: [{ params: { id: 'otherImport' } }, { params: { id: 'otherPlan' } }],
  },

  // Criteria and evaluations
  'GET /api/criteria': { rule: 'criteria:1|evaluation:1' },
  'GET /api/criteria/': { rule: 'criteria:1|evaluation:1' },
  'POST /api/criteria': { rule: 'criteria:2' },
  'POST /api/criterion/:id': {
    rule: 'criteria:2',
    replays: reference('criterion', { criteria: 'Replayed', level: '{criterion.level}', description: '', video_links: [] }),
  },
  'POST /api/criterion/:id/delete': { rule: 'criteria:2', replays: reference('criterion') },
  'GET /api/player/:id/evaluation': { rule: 'self|evaluation:1', replays: otherPlayer() },
  'GET /api/player/:id/evaluation/history': { rule: 'self|evaluation:1', replays: otherPlayer() },
  'POST /api/player/:id/evaluation': { rule: 'evaluation:2', replays: otherPlayer(evaluation) },
  'POST /api/player/:id/evaluation/:evalId': { rule: 'evaluation:2', replays: nested('evalId', 'otherEvaluation', evaluation) },
  'POST /api/player/:id/evaluation/:evalId/delete': { rule: 'evaluation:2', replays: nested('evalId', 'otherEvaluation') },
  'POST /api/players/evaluation/bulk': {
    rule: 'evaluation:2',
    // No id in the path: each row names its player; rows of players the coach does not reach are refused.
    replays: [{ upload: { fields: {}, file: evaluationCsv }, expect: [400, 403, 404] }],
  },
  'POST /api/player/:id/evaluation/bulk': {
    rule: 'evaluation:2',
    replays: [
      { params: { id: 'otherPlayer' }, upload: { fields: {}, file: evaluationCsv } },
      // The caller's own player in the path, rows of another player in the file: refused row by row (400).
      { params: { id: 'ownPlayer' }, upload: { fields: {}, file: evaluationCsv }, expect: [400, 403, 404] },
    ],
  },
  'GET /api/team/:id/evaluations': { rule: 'evaluation:1', replays: [{ params: { id: 'otherTeam' } }] },
  'POST /api/team/:id/evaluations': {
    rule: 'evaluation:2',
    replays: [
      { params: { id: 'otherTeam' }, body: { criteria_id: '$criterion', scores: [{ player_id: '$otherPlayer', score: 7 }] } },
      // The caller's own team with a player of another team: the membership check answers 400 on the field.
      {
        params: { id: 'ownTeam' },
        body: { criteria_id: '$criterion', scores: [{ player_id: '$otherPlayer', score: 7 }] },
        expect: [400, 403, 404],
      },
    ],
  },
  // The offline outbox's batch: an entry for a team the coach does not coach is refused inside a 200
  // answer (per-entry results, issue 16), so the replay accepts 200 and relies on "nothing written".
  'POST /api/evaluations/sync': {
    rule: 'evaluation:2',
    replays: [
      {
        body: {
          entries: [
            {
              client_id: '6f1c2b7e-9d4a-4c3b-8e21-5a7d0c9b4f10',
              team_id: '$otherTeam',
              player_id: '$otherPlayer',
              criteria_id: '$criterion',
              score: 7,
              notes: '',
              date: '2026-01-15',
              recorded_at: '2026-01-15T17:00:00.000Z',
            },
          ],
        },
        expect: [200, 403],
      },
    ],
  },
  'GET /api/player_evaluations': { rule: 'evaluation:1', replays: teamFilter() },
  'GET /api/team_evaluations': { rule: 'evaluation:1', replays: teamFilter() },

  // Leaderboards and analysis
  'GET /api/leaderboard/players': {
    // Staff see the club-wide board; a Player only the board of a team they are in (?team_id=).
    rule: 'staff',
    replays: teamFilter(['player']),
  },
  'GET /api/leaderboard/teams': { rule: 'staff' },
  'GET /api/leaderboard/criteria': { rule: 'signedIn' },
  // Evaluation sessions: sessions 2 runs them, sessions 1 evaluates in those it is assigned to
  'GET /api/eval-sessions': { rule: 'sessions:1' },
  'GET /api/evaluator-history': { rule: 'sessions:1', replays: [{ query: { user: 'otherCoach' } }] },
  'POST /api/eval-sessions': { rule: 'sessions:2' },
  'GET /api/eval-sessions/evaluator-options': { rule: 'sessions:2' },
  'GET /api/eval-session/:id': { rule: 'sessions:1', replays: session() },
  'POST /api/eval-session/:id': { rule: 'sessions:2', replays: session({}, sessionSave) },
  'POST /api/eval-session/:id/delete': { rule: 'sessions:2', replays: session() },
  'POST /api/eval-session/:id/players': {
    rule: 'sessions:2',
    replays: [
      ...session({}, { playerIds: ['$otherPlayer'] }),
      ownSession({}, { playerIds: ['$otherPlayer'] }),
      ownSession({}, { playerIds: ['$ownPlayer', '$otherPlayer'] }),
      ownSession({}, { teamIds: ['$otherTeam'] }),
    ],
  },
  'POST /api/eval-session/:id/walk-up': {
    rule: 'sessions:2',
    replays: [
      ...session({}, { first_name: 'Replay', last_name: 'Walkup', email: 'replay.walkup@example.org', teamId: '$ownTeam' }),
      // A new walk-up into another team. (Another team's player by name and e-mail makes a namesake in the
      // director's own team, revealing nothing: session-scope.test.ts.)
      ownSession({}, { first_name: 'Replay', last_name: 'Walkup', email: 'replay.walkup@example.org', teamId: '$otherTeam' }),
    ],
  },
  'POST /api/eval-session/:id/player/:playerId/check-in': {
    rule: 'sessions:2',
    replays: [
      ...session({ playerId: 'otherPlayer' }, { present: true, bib: 5 }),
      ownSession({ playerId: 'otherPlayer' }, { present: true, bib: 5 }),
    ],
  },
  'POST /api/eval-session/:id/player/:playerId/delete': {
    rule: 'sessions:2',
    replays: [...session({ playerId: 'otherPlayer' }), ownSession({ playerId: 'otherPlayer' })],
  },
  'POST /api/eval-session/:id/evaluators': { rule: 'sessions:2', replays: session({}, { userId: '$otherCoach' }) },
  'POST /api/eval-session/:id/evaluator/:evaluatorId/delete': {
    rule: 'sessions:2',
    replays: [...session({ evaluatorId: 'otherEvaluator' }), ownSession({ evaluatorId: 'otherEvaluator' })],
  },
  'POST /api/eval-session/:id/evaluator/:evaluatorId/admit': {
    rule: 'sessions:2',
    replays: [...session({ evaluatorId: 'otherEvaluator' }), ownSession({ evaluatorId: 'otherEvaluator' })],
  },
  'POST /api/eval-session/:id/evaluator/:evaluatorId/exclude': {
    rule: 'sessions:2',
    replays: [
      ...session({ evaluatorId: 'otherEvaluator' }, { excluded: true }),
      ownSession({ evaluatorId: 'otherEvaluator' }, { excluded: true }),
    ],
  },
  'POST /api/eval-session/:id/open': { rule: 'sessions:2', replays: session() },
  'POST /api/eval-session/:id/close': { rule: 'sessions:2', replays: session() },
  'POST /api/eval-session/:id/unlock': { rule: 'sessions:2', replays: session() },
  'POST /api/eval-session/:id/publish': { rule: 'sessions:2', replays: session() },
  'POST /api/eval-session/:id/publish-basis': { rule: 'sessions:2', replays: session({}, { basis: 'fair' }) },
  'GET /api/eval-session/:id/progress': { rule: 'sessions:2', replays: session() },
  'GET /api/eval-session/:id/results': { rule: 'sessions:2', replays: session() },
  'GET /api/eval-session/:id/fair': { rule: 'sessions:2', replays: session() },
  'GET /api/eval-session/:id/results.csv': { rule: 'sessions:2', replays: session() },
  'GET /api/eval-session/:id/results/:playerId': { rule: 'sessions:2', replays: session({ playerId: 'otherPlayer' }) },
  'GET /api/eval-session/:id/relative-age': { rule: 'sessions:2', replays: session() },
  'GET /api/eval-session/:id/calibration': { rule: 'sessions:1', replays: session() },
  'POST /api/eval-session/:id/calibration': { rule: 'sessions:2', replays: session({}, { playerIds: [] }) },
  'POST /api/eval-session/:id/calibration/scores': {
    rule: 'sessions:1',
    replays: session({}, { entries: [{ playerId: '$otherPlayer', criterionId: '$criterion', score: 5 }] }),
  },
  'GET /api/eval-session/:id/sheet': { rule: 'sessions:1', replays: session() },
  'POST /api/eval-session/:id/scores': {
    rule: 'sessions:1',
    replays: session({}, { entries: [{ playerId: '$otherPlayer', criterionId: '$criterion', score: 5 }] }),
  },
  'POST /api/tryout/join': { rule: 'public' },
  'GET /api/tryout/status': { rule: 'guest' },
  // The probe's body ([]) is refused before the token would end.
  'POST /api/tryout/leave': { rule: 'guest' },
  'GET /api/tryout/sheet': { rule: 'guest' },
  'POST /api/tryout/scores': { rule: 'guest' },
  'GET /api/tryout/photo/:playerId': { rule: 'guest', replays: [{ params: { playerId: 'otherPlayer' }, as: ['guest'] }] },

  'GET /api/public/leaderboard': { rule: 'public' },
  'GET /api/public/leaderboard/team/:teamId': {
    rule: 'public',
    noReplay: 'The public board of a team is public by design (names as the admin chose, scores, ranks).',
  },
  'GET /api/public/leaderboard/criteria': { rule: 'public' },
  'GET /api/analysis/players': { rule: 'reports:1', replays: teamFilter() },
  'GET /api/analysis/teams': { rule: 'reports:1' },
  'GET /api/player/:id/analysis/summary': {
    rule: 'reports:1',
    replays: [{ params: { id: 'otherPlayer' } }, { params: { id: 'ownPlayer' }, query: { team_id: 'otherTeam' } }],
  },
  'GET /api/team/:id/analysis/summary': { rule: 'reports:1', replays: [{ params: { id: 'otherTeam' } }] },

  // Roles and users
  'GET /api/roles': { rule: 'user_management:1' },
  'POST /api/roles': { rule: 'user_management:2' },
  'POST /api/role/:id': { rule: 'user_management:2', replays: reference('customRole', role) },
  'POST /api/role/:id/delete': { rule: 'user_management:2', replays: reference('customRole') },
  'GET /api/users': { rule: 'user_management:1' },
  'POST /api/users': { rule: 'user_management:2' },
  'POST /api/users/bulk': { rule: 'user_management:2' },
  'POST /api/user/:id': { rule: 'user_management:2', replays: reference('otherUser', { first_name: 'Replayed', last_name: 'Name' }) },
  'POST /api/user/:id/suspend': { rule: 'user_management:2', replays: reference('otherUser') },
  'POST /api/user/:id/reactivate': { rule: 'user_management:2', replays: reference('otherUser') },
  'POST /api/user/:id/delete': { rule: 'user_management:2', replays: reference('otherUser') },
  'POST /api/user/:id/reset-password': { rule: 'user_management:2', replays: reference('otherUser') },

  // Resources: a resource is visible to the roles in its access list (resources 2 sees all)
  'GET /api/resources': { rule: 'resources:1' },
  'GET /api/resources/roles': { rule: 'resources:1' },
  'GET /api/resources/facets': { rule: 'resources:1' },
  'GET /api/resources/:id': { rule: 'resources:1', replays: [{ params: { id: 'hiddenResource' } }] },
  'POST /api/resources': { rule: 'resources:2' },
  'POST /api/resources/:id': { rule: 'resources:2', replays: [{ params: { id: 'hiddenResource' }, body: resource }] },
  'POST /api/resources/:id/delete': { rule: 'resources:2', replays: [{ params: { id: 'hiddenResource' } }] },
  'GET /get-og-data.php': { rule: 'signedIn' },
  'GET /api/link-preview': { rule: 'signedIn' },
  'GET /api/player-area/:playerId/criteria-videos': { rule: 'self|criteria:1', replays: [{ params: { playerId: 'otherPlayer' } }] },

  // Guardians (staff): through the player (players rules); a guardian through any player the caller reaches
  'GET /api/guardians': { rule: 'players:1' },
  'GET /api/guardians/attention': { rule: 'players:1' },
  'GET /api/player/:id/guardians': { rule: 'players:1', replays: [...otherPlayer(), guardianOnStaff] },
  'POST /api/player/:id/guardians': { rule: 'players:2', replays: otherPlayer({ email: 'replayed.parent@example.org' }) },
  'POST /api/player/:id/guardian/:linkId': { rule: 'players:2', replays: nested('linkId', 'otherLink', link) },
  'POST /api/player/:id/guardian/:linkId/revoke': { rule: 'players:2', replays: nested('linkId', 'otherLink') },
  'POST /api/guardian/:id/invite': { rule: 'players:2', replays: [{ params: { id: 'otherGuardian' } }] },
  // A one-time sign-in handed out in person: user managers (as the profile's other sign-in and privacy actions)
  'POST /api/player/:id/guardian/:linkId/sign-in-link': {
    rule: 'user_management:2',
    replays: [...nested('linkId', 'otherLink'), { ...guardianOnStaff, params: { id: 'ownChild', linkId: 'otherLink' } }],
  },

  // Family side: one-time sign-in links (public), then the guardian's own session and children
  'POST /api/family/sign-in-link': { rule: 'public' },
  'POST /api/family/session': { rule: 'public', replays: lostStanding('signIn') },
  'GET /api/family/me': { rule: 'family' },
  'POST /api/family/logout': { rule: 'family' },
  'GET /api/family/player/:id': { rule: 'family', replays: family() },
  'POST /api/family/player/:id/decline': { rule: 'family', replays: family() },
  'POST /api/family/player/:id/consent': { rule: 'family', replays: family({ purpose: 'public_name', granted: true }) },
  'POST /api/family/player/:id/birth-date': { rule: 'family', replays: family({ birth_date: '' }) },
  // The child's inbox (open offers, unread reports) and the offer answered from it: asked of the standing rule
  'GET /api/family/player/:id/inbox': { rule: 'family', replays: family() },
  'POST /api/family/player/:id/offer/:offerId/answer': { rule: 'family', replays: familyOffer() },

  // Age and hand-over: staff send the claim link (players write + user management, checked in the
  // handler); the player claims by link (public) and then decides, themself only, what guardians see
  'GET /api/player/:id/handover': { rule: 'players:1', replays: [...otherPlayer(), guardianOnStaff] },
  'POST /api/player/:id/handover/claim-link': {
    rule: 'players:2',
    replays: [...otherPlayer({ email: 'replayed.claim@example.org' }), guardianOnStaff],
  },
  // The claim link's holder is the player: no guardian link to revoke; a used (claimed) link and an erased player's are refused.
  'POST /api/handover/claim': {
    rule: 'public',
    replays: lostStanding('claim', { password: 'Harbour-lantern-quietly-47' }, ['claimedHolder', 'erasedHolder']),
  },
  'GET /api/player/:id/family': { rule: 'self|players:1', replays: [...otherPlayer(), guardianOnStaff] },
  'POST /api/player/:id/family/guardian/:linkId': {
    rule: 'self|players:2',
    replays: [
      ...nested('linkId', 'otherLink', { shares_after_handover: true, receives_reports: true }),
      { ...guardianOnStaff, params: { id: 'ownChild', linkId: 'otherLink' } },
    ],
  },
  'POST /api/player/:id/family/consent': {
    rule: 'self|players:2',
    replays: [...otherPlayer({ purpose: 'public_name', granted: true }), guardianOnStaff],
  },
  // Reports (ADR 0020): reports 1 reads, reports 2 writes; a coach reaches cycles and reports through their teams
  'GET /api/report-cycles': { rule: 'reports:1' },
  'POST /api/report-cycles': { rule: 'reports:2', replays: [{ body: cycle('otherTeam') }] },
  'GET /api/report-cycle/:id': { rule: 'reports:1', replays: [{ params: { id: 'otherCycle' } }] },
  'POST /api/report-cycle/:id': {
    rule: 'reports:2',
    replays: [
      { params: { id: 'otherCycle' }, body: cycle('ownTeam') },
      // A cycle the coach shares with another coach: editing it would change the other's team.
      { params: { id: 'clubCycle' }, body: cycle('ownTeam') },
    ],
  },
  'GET /api/report-cycle/:id/team/:teamId/reports': { rule: 'reports:1', replays: cycleTeam() },
  'POST /api/report-cycle/:id/team/:teamId/reports': { rule: 'reports:2', replays: cycleTeam({}) },
  'POST /api/report-cycle/:id/team/:teamId/approve': { rule: 'reports:2', replays: cycleTeam() },
  'GET /api/report/:id': { rule: 'reports:1', replays: otherReport() },
  'POST /api/report/:id': { rule: 'reports:2', replays: otherReport({ overall_comment: 'Replayed' }) },
  'POST /api/report/:id/approve': { rule: 'reports:2', replays: otherReport({ goals: [] }) },
  'GET /api/report/:id/goal-drafts': { rule: 'reports:2', replays: otherReport() },
  'POST /api/report/:id/reissue': { rule: 'reports:2', replays: otherReport() },
  'POST /api/report/:id/revoke': { rule: 'reports:2', replays: otherReport() },
  // Reports: delivery (preview, send, deliveries on the profile), the one-time link, reading
  'GET /api/team/:teamId/report-delivery/cycles': { rule: 'reports:1', replays: [{ params: { teamId: 'otherTeam' } }] },
  'GET /api/team/:teamId/report-delivery/:cycleId': {
    rule: 'reports:1',
    replays: [{ params: { teamId: 'otherTeam', cycleId: 'otherReportCycle' } }],
  },
  'POST /api/team/:teamId/report-delivery/:cycleId': {
    rule: 'reports:2',
    replays: [
      { params: { teamId: 'otherTeam', cycleId: 'otherReportCycle' }, body: { confirm: true } },
      // The caller's own team with a cycle that does not cover it sends nothing.
      { params: { teamId: 'ownTeam', cycleId: 'otherReportCycle' }, body: { confirm: true }, as: ['coach'] },
    ],
  },
  'GET /api/player/:id/report-deliveries': { rule: 'reports:1', replays: [...otherPlayer(), guardianOnStaff] },
  'POST /api/report-link/session': { rule: 'public', replays: lostStanding('report') },
  'GET /api/family/player/:id/reports': { rule: 'family', replays: family() },
  'GET /api/family/player/:id/report/:reportId': { rule: 'family', replays: familyReport() },
  'GET /api/family/player/:id/report/:reportId/pdf': { rule: 'family', replays: familyReport() },
  'GET /api/player-area/:playerId/reports': { rule: 'self|reports:1', replays: [{ params: { playerId: 'otherPlayer' } }] },
  'GET /api/player-area/:playerId/report/:reportId': { rule: 'self|reports:1', replays: playerReport },
  'GET /api/player-area/:playerId/report/:reportId/pdf': { rule: 'self|reports:1', replays: playerReport },
  // Privacy requests (ADR 0022): user managers export, list and decide; the player themself or a user manager
  // asks for an erasure; a guardian for a child of an active link
  'GET /api/player/:id/privacy/export.json': { rule: 'user_management:2', replays: [...otherPlayer(), guardianOnStaff] },
  'GET /api/player/:id/privacy/export.pdf': { rule: 'user_management:2', replays: [...otherPlayer(), guardianOnStaff] },
  'GET /api/player/:id/privacy': { rule: 'self|user_management:2', replays: [...otherPlayer(), guardianOnStaff] },
  'POST /api/player/:id/erasure-request': {
    rule: 'self|user_management:2',
    replays: [...otherPlayer({ reason: 'Replayed' }), { ...guardianOnStaff, body: { reason: 'Replayed' } }],
  },
  'GET /api/privacy/requests': { rule: 'user_management:2' },
  'POST /api/privacy/request/:id/decide': {
    rule: 'user_management:2',
    replays: [
      { params: { id: 'otherPrivacyRequest' }, body: { decision: 'approve' } },
      { as: ['guardian'], params: { id: 'otherPrivacyRequest' }, body: { decision: 'approve' }, expect: [401] },
    ],
  },
  'GET /api/family/player/:id/privacy': { rule: 'family', replays: family() },
  'POST /api/family/player/:id/erasure-request': { rule: 'family', replays: family({ reason: 'Replayed' }) },

  // Draft board (ADR 0025): teams write, and every team of the draft reached; replayed by the coach, the player and
  // the director (another team's draft, another team's player, another session)
  'GET /api/drafts': { rule: 'teams:2' },
  'POST /api/drafts': {
    rule: 'teams:2',
    replays: drafts({ name: 'Replayed', season_id: '$season', teams: [{ team_id: '$otherTeam', target_size: 3 }] }, false),
  },
  'GET /api/draft/:id': { rule: 'teams:2', replays: drafts() },
  'GET /api/draft/:id/history': { rule: 'teams:2', replays: drafts() },
  'GET /api/draft/:id/relative-age': { rule: 'teams:2', replays: drafts() },
  'POST /api/draft/:id/candidates': {
    rule: 'teams:2',
    replays: [
      ...drafts({ expected_version: 2, session_id: '$otherSession' }),
      ...drafts({ expected_version: 2, team_id: '$otherTeam' }),
      ...drafts({ expected_version: 2, player_ids: ['$otherPlayer'] }),
    ],
  },
  'POST /api/draft/:id/team/:teamId/target': {
    rule: 'teams:2',
    replays: [{ as: draftReplayers, params: { id: 'otherDraft', teamId: 'otherTeam' }, body: { expected_version: 2, target_size: 1 } }],
  },
  'POST /api/draft/:id/move': {
    rule: 'teams:2',
    replays: drafts({ expected_version: 2, player_id: '$otherPlayer', team_id: '$otherTeam' }),
  },
  'POST /api/draft/:id/candidate/:playerId': {
    rule: 'teams:2',
    replays: [{ as: draftReplayers, params: { id: 'otherDraft', playerId: 'otherPlayer' }, body: { expected_version: 2, pinned: true } }],
  },
  'POST /api/draft/:id/decisions': {
    rule: 'teams:2',
    replays: drafts({ expected_version: 2, player_ids: ['$otherPlayer'], decision: 'selected' }),
  },
  'POST /api/draft/:id/suggest': {
    rule: 'teams:2',
    replays: [...drafts({ expected_version: 2 }), ...drafts({ expected_version: 2, basis: 'fair' })],
  },
  'POST /api/draft/:id/finalise': { rule: 'teams:2', replays: drafts({ expected_version: 2 }) },
  'POST /api/draft/:id/revision': {
    rule: 'teams:2',
    replays: drafts({ expected_version: 2, reason: 'Replayed', changes: [{ player_id: '$otherPlayer', decision: 'released' }] }),
  },

  // Offers of a finalised draft (docs/product.md#offers): the draft board's rule, replayed on the other coach's draft
  'GET /api/draft/:id/offers': { rule: 'teams:2', replays: drafts() },
  'POST /api/draft/:id/offers/preview': { rule: 'teams:2', replays: drafts({ deadline: '2099-12-31' }) },
  'POST /api/draft/:id/offers': {
    rule: 'teams:2',
    replays: drafts({ deadline: '2099-12-31', player_ids: ['$otherPlayer'], confirmation: '0'.repeat(64) }),
  },
  'GET /api/message-templates': { rule: 'teams:2' },
  'POST /api/message-template/:key': {
    rule: 'teams:2',
    noReplay:
      "The key names one of the club's two message texts ('offer', 'promotion_notice'), no team's or family's object: whoever has teams write edits the club's wording; the route level (403 below teams 2) is the whole rule.",
  },
  // The offer e-mail's one-time link: no session by design, the random token is the credential (only its sha-256 is
  // stored). A wrong, used or another offer's answered token is refused in offers.test.ts ('a used link refuses a second
  // answer'); the links of holders who lost standing are replayed here. Rate-limited like the other token routes.
  'POST /api/offer-link': { rule: 'public', replays: lostStanding('offer') },
  'POST /api/offer-link/answer': { rule: 'public', replays: lostStanding('offer', { answer: 'decline' }) },

  // Superadmin's Settings tabs
  'GET /api/audit': { rule: 'superadmin' },
  'GET /api/mail/outbox': { rule: 'superadmin' },
  // Exempt from sessions and roles: the mail provider calls it, proving itself with an HMAC signature of
  // the body and a fresh timestamp (policies/webhook.ts); it names no object a caller could choose.
  'POST /api/mail/bounces': { rule: 'webhook' },
};
