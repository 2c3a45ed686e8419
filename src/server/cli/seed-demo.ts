import type { Kysely } from 'kysely';
import { scorePercentage, type LevelKind } from '../../shared/scoring.js';
import { SETTINGS_DEFAULTS } from '../../shared/schemas/reference.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { ensureBuiltInRoles, insertUser, roleIdByKey, userCount } from '../db/bootstrap.js';
import type { DB } from '../db/types.js';
import { nowIso, nowMs } from '../lib/time.js';
import { linkParentEmails } from '../modules/guardians/links.service.js';
import { CONSENT_PURPOSES } from '../../shared/schemas/guardian.js';

export const DEMO_SIGN_INS = [
  { email: 'superadmin@demo.club', password: 'demo-superadmin', role: 'Superadmin' },
  { email: 'admin@demo.club', password: 'demo-admin', role: 'Admin' },
  { email: 'coach@demo.club', password: 'demo-coach', role: 'Coach' },
  { email: 'player@demo.club', password: 'demo-player', role: 'Player' },
] as const;

/** The demo parent: guardian of two siblings on teams of both clubs; signs in by a one-time link (README). */
export const DEMO_GUARDIAN = 'parent@demo.club';
export const DEMO_CO_PARENT = 'co.parent@demo.club';
const DEMO_SIBLINGS = [1, 2];

export const isEmpty = async (db: Kysely<DB>) => (await userCount(db)) === 0;

/** Deterministic pseudo-random numbers so every demo club is the same. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

const FIRST = [
  'Liam',
  'Noah',
  'Emma',
  'Olivia',
  'Mason',
  'Ava',
  'Lucas',
  'Mia',
  'Ethan',
  'Sofia',
  'Leo',
  'Amelia',
  'Jayden',
  'Chloe',
  'Mateo',
  'Zoe',
  'Elijah',
  'Nora',
  'Kai',
  'Lily',
];
const LAST = [
  'Johnson',
  'Okafor',
  'Müller',
  'García',
  'Novak',
  'Kowalski',
  'Rossi',
  'Dubois',
  'Nguyen',
  'Andersen',
  'Petrov',
  "O'Brien",
  'Silva',
  'Jansen',
  'Kim',
  'Haddad',
  'Costa',
  'Walker',
  'Ibrahim',
  'Lindqvist',
];

const LEVELS: { name: string; kind: LevelKind }[] = [
  { name: 'Fundamentals', kind: 'scale_1_10' },
  { name: 'Game IQ', kind: 'yes_no' },
];

const CRITERIA = [
  { name: 'Shooting form', level: 0, weight: 15, description: 'Balance, elbow alignment, follow-through on mid-range jump shots.' },
  { name: 'Free throws', level: 0, weight: 10, description: 'Routine and accuracy from the line, 10 attempts.' },
  { name: 'Ball handling', level: 0, weight: 15, description: 'Both hands, eyes up, change of pace and direction.' },
  { name: 'Passing', level: 0, weight: 10, description: 'Chest, bounce and overhead passes on target and on time.' },
  { name: 'Footwork', level: 0, weight: 10, description: 'Pivots, jump stops and triple-threat position.' },
  { name: 'Defensive stance', level: 0, weight: 10, description: 'Low stance, active hands, slides without crossing feet.' },
  { name: 'Reads help defense', level: 1, weight: 10, description: 'Sees the help defender and makes the extra pass.' },
  { name: 'Communicates on defense', level: 1, weight: 5, description: 'Calls screens and switches loudly.' },
  { name: 'Sets solid screens', level: 1, weight: 10, description: 'Legal, wide screens with the right angle.' },
  { name: 'Sprints in transition', level: 1, weight: 5, description: 'Runs the floor on every change of possession.' },
];

function daysAgo(n: number): string {
  return new Date(nowMs() - n * 86_400_000).toISOString().slice(0, 10);
}

/** The demo club of the README: 2 clubs, 2 seasons, 4 teams, 40 players, 10 criteria summing to 100. */
export async function seedDemo(db: Kysely<DB>): Promise<void> {
  await ensureBuiltInRoles(db);
  const random = rng(42);
  const now = nowIso();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  await db.transaction().execute(async (trx) => {
    const roleId = {
      superadmin: await roleIdByKey(trx, 'superadmin'),
      admin: await roleIdByKey(trx, 'admin'),
      coach: await roleIdByKey(trx, 'coach'),
      player: await roleIdByKey(trx, 'player'),
    };
    const [superHash, adminHash, coachHash, playerHash] = await Promise.all(DEMO_SIGN_INS.map((s) => hashPassword(s.password)));
    await insertUser(trx, {
      first_name: 'Sam',
      last_name: 'Superadmin',
      email: 'superadmin@demo.club',
      password_hash: superHash!,
      role_id: roleId.superadmin,
    });
    const adminId = await insertUser(trx, {
      first_name: 'Alex',
      last_name: 'Admin',
      email: 'admin@demo.club',
      password_hash: adminHash!,
      role_id: roleId.admin,
    });
    const coachId = await insertUser(trx, {
      first_name: 'Casey',
      last_name: 'Coach',
      email: 'coach@demo.club',
      password_hash: coachHash!,
      role_id: roleId.coach,
    });
    const coach2Id = await insertUser(trx, {
      first_name: 'Jordan',
      last_name: 'Reyes',
      email: 'jordan.reyes@demo.club',
      password_hash: null,
      role_id: roleId.coach,
    });

    const clubs = await trx
      .insertInto('categories')
      .values([
        { name: 'Northside Hawks', created_at: now },
        { name: 'Riverside Tigers', created_at: now },
      ])
      .returning('id')
      .execute();
    const seasons = await trx
      .insertInto('seasons')
      .values([
        { name: '2025/26', created_at: now },
        { name: '2026/27', created_at: now },
      ])
      .returning('id')
      .execute();
    const levels = await trx
      .insertInto('levels')
      .values(LEVELS.map((l, i) => ({ name: l.name, kind: l.kind, position: i, created_at: now })))
      .returning('id')
      .execute();
    const teamSpecs = [
      { name: 'U14 Boys', club: 0, coach: coachId },
      { name: 'U16 Girls', club: 0, coach: coachId },
      { name: 'U14 Girls', club: 1, coach: coach2Id },
      { name: 'U18 Boys', club: 1, coach: coach2Id },
    ];
    const teams = await trx
      .insertInto('teams')
      .values(
        teamSpecs.map((t) => ({
          name: t.name,
          category_id: clubs[t.club]!.id,
          season_id: seasons[1]!.id,
          coach_user_id: t.coach,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();

    const criteria = await trx
      .insertInto('criteria')
      .values(
        CRITERIA.map((c, i) => ({
          name: c.name,
          level_id: levels[c.level]!.id,
          weight: c.weight,
          description: c.description,
          video_links: JSON.stringify(i === 0 ? ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] : []),
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();

    const playerIds: number[] = [];
    const parentEmails: { id: number; email: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const first = FIRST[i % FIRST.length]!;
      // Shifted every round of first names so that no two demo players share a name.
      const last = LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length]!;
      const email = DEMO_SIBLINGS.includes(i) ? DEMO_GUARDIAN : `parent.${last.toLowerCase().replace(/[^a-z]/g, '')}${i}@example.org`;
      const row = await trx
        .insertInto('players')
        .values({
          first_name: first,
          last_name: last,
          email,
          player_email: i === 0 ? 'player@demo.club' : null,
          dob: 2008 + (i % 8),
          profile_img: null,
          video_links: JSON.stringify(i % 5 === 0 ? ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] : []),
          pdf_file_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      playerIds.push(row.id);
      await trx
        .insertInto('team_players')
        .values({ team_id: teams[i % 4]!.id, player_id: row.id })
        .execute();
      parentEmails.push({ id: row.id, email });
    }
    await linkParentEmails(trx, parentEmails);
    // Every demo family has signed in and consented to all purposes; the demo parent's children have a
    // second parent who has not signed in yet (the Guardians list's Unclaimed filter).
    await trx.updateTable('guardian_links').set({ status: 'active' }).execute();
    const links = await trx.selectFrom('guardian_links').select('id').execute();
    await trx
      .insertInto('guardian_consents')
      .values(
        links.flatMap((l) => CONSENT_PURPOSES.map((purpose) => ({ link_id: l.id, purpose, granted: 1, text_version: 1, updated_at: now }))),
      )
      .execute();
    const coParent = await trx
      .insertInto('guardians')
      .values({ email: DEMO_CO_PARENT, name: '', last_sign_in_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('guardian_links')
      .values(
        DEMO_SIBLINGS.map((i) => ({
          guardian_id: coParent.id,
          player_id: playerIds[i]!,
          relationship: 'parent',
          is_primary: 0,
          receives_reports: 1,
          parental_responsibility: 1,
          status: 'invited' as const,
          invited_at: null,
          status_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await insertUser(trx, {
      first_name: FIRST[0]!,
      last_name: LAST[0]!,
      email: 'player@demo.club',
      password_hash: playerHash!,
      role_id: roleId.player,
      player_id: playerIds[0]!,
    });

    // Most players evaluated; some twice, so history exists behind the current evaluation.
    for (const [p, playerId] of playerIds.entries()) {
      if (p % 7 === 6) continue;
      for (const [c, spec] of CRITERIA.entries()) {
        const kind = LEVELS[spec.level]!.kind;
        const rounds = random() < 0.3 ? 2 : 1;
        for (let round = 0; round < rounds; round++) {
          const score = kind === 'yes_no' ? (random() < 0.6 ? 1 : 0) : 3 + Math.floor(random() * 8);
          await trx
            .insertInto('evaluations')
            .values({
              player_id: playerId,
              criterion_id: criteria[c]!.id,
              score,
              score_percentage: scorePercentage(kind, score, spec.weight),
              evaluator_user_id: p % 4 < 2 ? coachId : coach2Id,
              evaluator_name: p % 4 < 2 ? 'Casey Coach' : 'Jordan Reyes',
              date: daysAgo(round === rounds - 1 ? 5 + Math.floor(random() * 20) : 60 + Math.floor(random() * 60)),
              notes: round === rounds - 1 && random() < 0.3 ? 'Good progress since last session.' : '',
              video_links: '[]',
              is_current: round === rounds - 1 ? 1 : 0,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }
    }

    const achievements = await trx
      .insertInto('achievements')
      .values(
        ['Player of the Week', 'Most Improved', 'Defensive Player of the Month', 'Perfect Attendance'].map((title) => ({
          title,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    for (let i = 0; i < 8; i++) {
      await trx
        .insertInto('player_achievements')
        .values({
          player_id: playerIds[i * 3]!,
          achievement_id: pick(achievements).id,
          detail: 'Recognised at the team meeting.',
          action_by_user_id: coachId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('notes')
        .values({
          player_id: playerIds[i * 2]!,
          author_user_id: coachId,
          author_name: 'Casey Coach',
          details: pick([
            'Works hard in every drill; keep pushing the weak hand.',
            'Needs to finish stronger at the rim. Extra form shooting after practice on Tuesdays and Thursdays.',
            'Great leader on the bench, talks on defense.',
          ]),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    const resources = [
      {
        title: 'Form shooting progression',
        category: 'Shooting',
        tags: ['shooting', 'drills'],
        videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
        docs: ['https://www.fiba.basketball/'],
        roles: [roleId.coach, roleId.player],
      },
      {
        title: 'Ball handling at home',
        category: 'Ball handling',
        tags: ['homework'],
        videos: ['https://vimeo.com/76979871'],
        docs: [],
        roles: [roleId.player],
      },
      {
        title: 'Practice planning guide',
        category: 'Coaching',
        tags: ['planning'],
        videos: [],
        docs: ['https://www.nba.com/'],
        roles: [roleId.coach],
      },
    ];
    for (const r of resources) {
      const row = await trx
        .insertInto('resources')
        .values({
          title: r.title,
          category: r.category,
          video_links: JSON.stringify(r.videos),
          document_links: JSON.stringify(r.docs),
          created_by_user_id: adminId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('resource_tags')
        .values(r.tags.map((tag) => ({ resource_id: row.id, tag })))
        .execute();
      await trx
        .insertInto('resource_access')
        .values(r.roles.map((role_id) => ({ resource_id: row.id, role_id })))
        .execute();
    }

    await trx
      .insertInto('settings')
      .values([
        { key: 'instructions_video', value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        { key: 'public_leaderboard_names', value: SETTINGS_DEFAULTS.public_leaderboard_names },
      ])
      .execute();
  });
}
