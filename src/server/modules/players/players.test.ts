import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { hashPassword } from '../auth/passwords.js';
import type { Client, TestApp } from '../../test/harness.js';
import { pngDataUrl, playersSuite, type DemoIds } from './players.fixtures.js';
import { nowIso } from '../../lib/time.js';

let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
playersSuite((s) => {
  ({ t, admin, coach, player, ids } = s);
});

const newPlayer = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Test',
  last_name: `Player${Math.random().toString(36).slice(2, 8)}`,
  email: 'Parent@Example.org',
  team_id: [ids.own],
  ...extra,
});

describe('GET /api/players', () => {
  it('401 signed out, 403 for a player', async () => {
    expect((await t.anon.get('/api/players')).statusCode).toBe(401);
    expect((await player.get('/api/players')).statusCode).toBe(403);
  });

  it('lists every player for an admin, paged, with teams and scores', async () => {
    const res = await admin.get('/api/players?pageSize=10&page=2');
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(40);
    expect(body.page).toBe(2);
    expect(body.pageSize).toBe(10);
    expect(body.data).toHaveLength(10);
    const p = body.data[0];
    expect(p).toMatchObject({
      id: expect.any(Number),
      name: `${p.first_name} ${p.last_name}`,
      teamIds: [expect.any(Number)],
      teamName: expect.any(String),
    });
    expect(typeof p.totalScore).toBe('number');
  });

  it('scores equal playerTotal of the scores module', async () => {
    const list = (await admin.get('/api/players?pageSize=200')).json().data.data as { id: number; totalScore: number }[];
    const scored = list.filter((p) => p.totalScore > 0);
    expect(scored.length).toBeGreaterThan(20);
    const one = (await admin.get(`/api/player/${scored[0]!.id}`)).json().data;
    expect(one.totalScore).toBeCloseTo(scored[0]!.totalScore, 6);
  });

  it('coaches see only their own teams’ players', async () => {
    const body = (await coach.get('/api/players?pageSize=200')).json().data;
    expect(body.total).toBe(20);
    const ownTeams = [ids.team('U14 Boys'), ids.team('U16 Girls')];
    for (const p of body.data) expect(p.teamIds.some((id: number) => ownTeams.includes(id))).toBe(true);
  });

  it('filters by team, club and name; 403 for a coach filtering by another team', async () => {
    const byTeam = (await admin.get(`/api/players?team_id=${ids.other}`)).json().data;
    expect(byTeam.total).toBe(10);
    expect(byTeam.data.every((p: { teamIds: number[] }) => p.teamIds.includes(ids.other))).toBe(true);
    const club = await t.db.selectFrom('teams').select('category_id').where('id', '=', ids.other).executeTakeFirstOrThrow();
    expect((await admin.get(`/api/players?category=${club.category_id}`)).json().data.total).toBe(20);
    const named = (await admin.get('/api/players?q=liam%20JOHN')).json().data;
    expect(named.total).toBeGreaterThan(0);
    expect(named.data.every((p: { name: string }) => /liam john/i.test(p.name))).toBe(true);
    expect((await admin.get('/api/players?q=%25')).json().data.total).toBe(0);
    expect((await coach.get(`/api/players?team_id=${ids.other}`)).statusCode).toBe(403);
  });

  it('400 on a bad page size', async () => {
    expect((await admin.get('/api/players?pageSize=201')).statusCode).toBe(400);
    expect((await admin.get('/api/players?page=0')).statusCode).toBe(400);
  });
});

describe('GET /api/team/:teamId/players', () => {
  it('lists one team with its name; 404 unknown; 403 for another coach’s team', async () => {
    const res = await coach.get(`/api/team/${ids.own}/players`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.team).toEqual({ id: ids.own, name: 'U14 Boys' });
    expect(res.json().data.total).toBe(10);
    expect((await admin.get('/api/team/99999/players')).statusCode).toBe(404);
    expect((await coach.get(`/api/team/${ids.other}/players`)).statusCode).toBe(403);
    expect((await player.get(`/api/team/${ids.own}/players`)).statusCode).toBe(403);
    expect((await t.anon.get(`/api/team/${ids.own}/players`)).statusCode).toBe(401);
    expect((await admin.get('/api/team/abc/players')).statusCode).toBe(400);
  });
});

describe('GET /api/players/team-options', () => {
  it('all teams for admins with their club, own teams for coaches', async () => {
    const all = (await admin.get('/api/players/team-options')).json().data;
    expect(all).toHaveLength(4);
    expect(all[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      categoryId: expect.any(Number),
      category: expect.any(String),
    });
    const own = (await coach.get('/api/players/team-options')).json().data;
    expect(own.map((x: { name: string }) => x.name).sort()).toEqual(['U14 Boys', 'U16 Girls']);
    expect((await player.get('/api/players/team-options')).statusCode).toBe(403);
  });
});

describe('GET /api/player/:id', () => {
  it('answers the profile contract', async () => {
    const res = await admin.get(`/api/player/${ids.linkedPlayer}`);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      id: ids.linkedPlayer,
      name: `${p.first_name} ${p.last_name}`,
      player_email: 'player@demo.club',
      teams: [{ id: ids.own, name: 'U14 Boys' }],
      teamIds: [ids.own],
      teamName: 'U14 Boys',
      coachUser: expect.any(Number),
      video_links: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      pdf: false,
      hasAccount: true,
    });
    expect(p.totalScore).toBeGreaterThan(0);
  });

  it('the player reads themself only; coaches only their teams’ players (IDOR); unknown ids 404', async () => {
    expect((await player.get(`/api/player/${ids.linkedPlayer}`)).statusCode).toBe(200);
    expect((await player.get(`/api/player/${ids.otherPlayer}`)).statusCode).toBe(403);
    // docs/product.md#errors: the player area sends a 404 to /player/not-found, a 403 to /player/unauthorized.
    expect((await player.get('/api/player/99999')).statusCode).toBe(404);
    expect((await player.get('/api/player/99999/notes')).statusCode).toBe(404);
    expect((await player.get('/api/player/99999/achievements')).statusCode).toBe(404);
    expect((await coach.get(`/api/player/${ids.ownPlayer}`)).statusCode).toBe(200);
    expect((await coach.get(`/api/player/${ids.otherPlayer}`)).statusCode).toBe(403);
    expect((await coach.get('/api/player/99999')).statusCode).toBe(404);
    expect((await admin.get('/api/player/99999')).statusCode).toBe(404);
    expect((await admin.get('/api/player/x')).statusCode).toBe(400);
    expect((await t.anon.get(`/api/player/${ids.ownPlayer}`)).statusCode).toBe(401);
  });
});

describe('cached list and profile', () => {
  it('are never stale: every column they show moves the cache version, even when written outside the app', async () => {
    const id = ids.otherPlayer;
    const view = async () => (await admin.get(`/api/player/${id}`)).json().data;
    const listed = async () =>
      ((await admin.get('/api/players?pageSize=200')).json().data.data as { id: number }[]).find((p) => p.id === id) as Record<
        string,
        unknown
      >;
    const before = { view: await view(), listed: await listed() };
    const saved = await t.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const teamId = before.view.teamIds[0] as number;
    const team = await t.db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow();
    const playerRole = (await t.db.selectFrom('roles').select('id').where('key', '=', 'player').executeTakeFirstOrThrow()).id;
    try {
      // Written as another process would: the app sees it once notified (t.settled(), ADR 0011).
      await t.db.updateTable('players').set({ email: 'changed@example.org' }).where('id', '=', id).execute();
      await t.settled();
      expect((await listed()).email).toBe('changed@example.org');
      expect((await view()).email).toBe('changed@example.org');
      await t.db.updateTable('players').set({ dob: 1_000_000 }).where('id', '=', id).execute();
      await t.settled();
      expect((await listed()).dob).toBe(1_000_000);
      await t.db.updateTable('players').set({ video_links: '["https://vimeo.com/1"]' }).where('id', '=', id).execute();
      await t.settled();
      expect((await view()).video_links).toEqual(['https://vimeo.com/1']);
      await t.db.updateTable('teams').set({ name: 'Renamed Team' }).where('id', '=', teamId).execute();
      await t.settled();
      expect((await listed()).teamName).toBe('Renamed Team');
      expect(before.view.hasAccount).toBe(false);
      const now = nowIso();
      await t.db
        .insertInto('users')
        .values({
          first_name: 'A',
          last_name: 'B',
          email: 'linked-late@example.org',
          role_id: playerRole,
          player_id: id,
          status: 1,
          must_change_password: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await t.settled();
      expect((await view()).hasAccount).toBe(true);
      await t.db.deleteFrom('users').where('email', '=', 'linked-late@example.org').execute();
      await t.settled();
      expect((await view()).hasAccount).toBe(false);
    } finally {
      await t.db.updateTable('players').set(saved).where('id', '=', id).execute();
      await t.db.updateTable('teams').set(team).where('id', '=', teamId).execute();
      await t.settled();
    }
    expect({ view: await view(), listed: await listed() }).toEqual(before);
  });
});

describe('POST /api/players (create)', () => {
  it('401, 403 for a player', async () => {
    expect((await t.anon.post('/api/players', newPlayer())).statusCode).toBe(401);
    expect((await player.post('/api/players', newPlayer())).statusCode).toBe(403);
  });

  it('400 with the product messages on the right fields', async () => {
    const missing = await admin.post('/api/players', { first_name: '', last_name: 'X', email: 'a@b.org' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: MSG.required, field: 'first_name' });
    const noEmail = await admin.post('/api/players', { first_name: 'A', last_name: 'B' });
    expect(noEmail.json()).toMatchObject({ field: 'email', message: MSG.required });
    for (const dob of ['1994', '2026', '20100', 'abcd', 2010.5]) {
      const bad = await admin.post('/api/players', newPlayer({ dob }));
      expect(bad.statusCode, String(dob)).toBe(400);
      expect(bad.json()).toEqual({ message: MSG.year, field: 'dob' });
    }
    const badMail = await admin.post('/api/players', newPlayer({ player_email: 'not-an-email' }));
    expect(badMail.json().field).toBe('player_email');
    const unknownTeam = await admin.post('/api/players', newPlayer({ team_id: [99999] }));
    expect(unknownTeam.statusCode).toBe(400);
    expect(unknownTeam.json().field).toBe('team_id');
  });

  it('creates with teams, year bounds inclusive, and the parent email lower-cased', async () => {
    for (const dob of ['1995', 2025]) {
      const res = await admin.post('/api/players', newPlayer({ dob, team_id: [ids.own, ids.other] }));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.success);
      const p = res.json().data;
      expect(p.dob).toBe(Number(dob));
      expect(p.email).toBe('parent@example.org');
      expect(p.teamIds.sort()).toEqual([ids.own, ids.other].sort());
      expect(p.totalScore).toBe(0);
      expect(p.hasAccount).toBe(false);
    }
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'player')
      .where('action', '=', 'create')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses the same child twice (409 on the email field)', async () => {
    const body = newPlayer();
    expect((await admin.post('/api/players', body)).statusCode).toBe(200);
    const again = await admin.post('/api/players', { ...body, first_name: body.first_name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('email');
  });

  it('coaches must pick at least one of their own teams and no other', async () => {
    const none = await coach.post('/api/players', newPlayer({ team_id: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('team_id');
    const foreign = await coach.post('/api/players', newPlayer({ team_id: [ids.own, ids.other] }));
    expect(foreign.statusCode).toBe(403);
    const ok = await coach.post('/api/players', newPlayer({ team_id: [ids.own] }));
    expect(ok.statusCode).toBe(200);
    const noTeamAdmin = await admin.post('/api/players', newPlayer({ team_id: [] }));
    expect(noTeamAdmin.statusCode).toBe(200);
    expect(noTeamAdmin.json().data.teamIds).toEqual([]);
  });

  it('creates a Player sign-in account from player_email and sends the welcome mail', async () => {
    const res = await admin.post('/api/players', newPlayer({ player_email: 'Kid.One@Example.org' }));
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.hasAccount).toBe(true);
    const user = await t.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.email', 'u.player_id', 'r.key', 'u.password_hash'])
      .where('u.email', '=', 'kid.one@example.org')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ email: 'kid.one@example.org', player_id: p.id, key: 'player', password_hash: null });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', 'kid.one@example.org')
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("'Forgot password?'");
    const taken = await admin.post('/api/players', newPlayer({ player_email: 'coach@demo.club' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('player_email');
  });

  it('stores a photo re-encoded to a 256×256 WebP and serves it with caching headers', async () => {
    const res = await admin.post('/api/players', newPlayer({ profile_img: await pngDataUrl() }));
    expect(res.statusCode).toBe(200);
    const key = res.json().data.profile_img as string;
    expect(key).toMatch(/^[a-f0-9]{32}\.webp$/);
    const img = await coach.get(`/assets/images/users/${key}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const again = await t.app.inject({
      method: 'GET',
      url: `/assets/images/users/${key}`,
      headers: { cookie: coach.cookie, 'if-none-match': img.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.anon.get(`/assets/images/users/${key}`)).statusCode).toBe(401);
    // Another player sees it only with the family's media consent, which a new player has not (policies/media.ts).
    expect((await player.get(`/assets/images/users/${key}`)).statusCode).toBe(404);
    expect((await coach.get('/assets/images/users/0123456789abcdef0123456789abcdef.webp')).statusCode).toBe(404);
    expect((await coach.get('/assets/images/users/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('refuses photos that are not images, lie about their type, or are too large', async () => {
    const html = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    const fake = await admin.post('/api/players', newPlayer({ profile_img: html }));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().field).toBe('profile_img');
    const notData = await admin.post('/api/players', newPlayer({ profile_img: 'https://evil.example/x.png' }));
    expect(notData.statusCode).toBe(400);
    const truncated = Buffer.from((await pngDataUrl()).split(',')[1]!, 'base64').subarray(0, 60);
    const broken = await admin.post('/api/players', newPlayer({ profile_img: `data:image/png;base64,${truncated.toString('base64')}` }));
    expect(broken.statusCode).toBe(400);
    const big = `data:image/png;base64,${Buffer.alloc(5 * 1024 * 1024 + 10, 1).toString('base64')}`;
    const tooBig = await admin.post('/api/players', newPlayer({ profile_img: big }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ field: 'profile_img', message: expect.stringMatching(/5 MB/) });
  });
});

describe('POST /api/player/:id (update)', () => {
  it('updates names, year, teams and photo; the parent email is not editable', async () => {
    const created = (await admin.post('/api/players', newPlayer({ profile_img: await pngDataUrl() }))).json().data;
    const res = await admin.post(`/api/player/${created.id}`, {
      first_name: 'Renamed',
      last_name: created.last_name,
      email: 'changed@example.org',
      dob: '2012',
      team_id: [ids.other],
      profile_img: created.profile_img,
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      first_name: 'Renamed',
      email: 'parent@example.org',
      dob: 2012,
      teamIds: [ids.other],
      profile_img: created.profile_img,
    });
    const removed = (
      await admin.post(`/api/player/${created.id}`, { first_name: 'Renamed', last_name: created.last_name, profile_img: null, team_id: [] })
    ).json().data;
    expect(removed.profile_img).toBeNull();
    expect(await t.db.selectFrom('files').select('id').where('key', '=', created.profile_img).executeTakeFirst()).toBeUndefined();
  });

  it('player_email moves, then removes, the linked account', async () => {
    const p = (await admin.post('/api/players', newPlayer({ player_email: 'move.me@example.org' }))).json().data;
    const base = { first_name: p.first_name, last_name: p.last_name, team_id: p.teamIds };
    await admin.post(`/api/player/${p.id}`, { ...base, player_email: 'moved@example.org' });
    const moved = await t.db.selectFrom('users').select(['email', 'first_name']).where('player_id', '=', p.id).execute();
    expect(moved).toEqual([{ email: 'moved@example.org', first_name: p.first_name }]);
    const cleared = (await admin.post(`/api/player/${p.id}`, { ...base, player_email: '' })).json().data;
    expect(cleared.hasAccount).toBe(false);
    expect(await t.db.selectFrom('users').select('id').where('player_id', '=', p.id).execute()).toEqual([]);
  });

  it("a linked account's e-mail is user management: a coach may not move or remove it", async () => {
    const p = (await admin.post('/api/players', newPlayer({ player_email: 'minor.login@example.org' }))).json().data;
    const base = { first_name: p.first_name, last_name: p.last_name, team_id: p.teamIds };
    for (const player_email of ['attacker@example.org', '']) {
      const res = await coach.post(`/api/player/${p.id}`, { ...base, player_email });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: "Only a user manager can change or remove the sign-in e-mail of a player's account.",
        field: 'player_email',
      });
    }
    expect(await t.db.selectFrom('users').select('email').where('player_id', '=', p.id).execute()).toEqual([
      { email: 'minor.login@example.org' },
    ]);
    // The same address (any case) with other changes is still the coach's to save.
    expect(
      (await coach.post(`/api/player/${p.id}`, { ...base, first_name: 'Renamed', player_email: 'Minor.Login@example.org' })).statusCode,
    ).toBe(200);
  });

  it("a player's new sign-in is user management, at any address, the parent's included", async () => {
    const refusal = { message: "Only a user manager can create a player's sign-in.", field: 'player_email' };
    const before = Number(
      (
        await t.db
          .selectFrom('players')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const created = await coach.post('/api/players', newPlayer({ last_name: 'Minorlogin', player_email: 'stranger@example.org' }));
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual(refusal);
    expect(
      Number(
        (
          await t.db
            .selectFrom('players')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(before);
    // An existing player without a sign-in: the same refusal, at another address or the parent's, nothing written, no mail.
    const p = (await coach.post('/api/players', newPlayer())).json().data;
    const base = { first_name: p.first_name, last_name: p.last_name, team_id: p.teamIds };
    const added = await coach.post(`/api/player/${p.id}`, { ...base, player_email: 'stranger@example.org' });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toEqual(refusal);
    // The parent's address is a guardian's, never a player's sign-in (docs/product.md#families).
    const parents = await coach.post(`/api/player/${p.id}`, { ...base, player_email: 'PARENT@example.org' });
    expect(parents.statusCode).toBe(400);
    expect(parents.json().field).toBe('player_email');
    expect(
      await t.db.selectFrom('mail_outbox').select('id').where('to_address', 'in', ['stranger@example.org', 'parent@example.org']).execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('player_id', '=', p.id).execute()).toEqual([]);
    // A user manager chooses any address.
    expect((await admin.post('/api/players', newPlayer({ player_email: 'kid.own@example.org' }))).statusCode).toBe(200);
  });

  it('moving a sign-in tells the old address and ends the sessions and reset links of the account', async () => {
    const p = (await admin.post('/api/players', newPlayer({ player_email: 'old.inbox@example.org' }))).json().data;
    const account = await t.db.selectFrom('users').select('id').where('player_id', '=', p.id).executeTakeFirstOrThrow();
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Minor-Login-2026') })
      .where('id', '=', account.id)
      .execute();
    const signedIn = await t.login({ email: 'old.inbox@example.org', password: 'Minor-Login-2026' });
    await t.anon.post('/api/auth/forgot-password', { email: 'old.inbox@example.org' });
    // The link is issued after the answer, so the test waits for it.
    await vi.waitFor(async () =>
      expect(await t.db.selectFrom('password_tokens').select('id').where('user_id', '=', account.id).execute()).toHaveLength(1),
    );

    const res = await admin.post(`/api/player/${p.id}`, {
      first_name: p.first_name,
      last_name: p.last_name,
      team_id: p.teamIds,
      player_email: 'new.inbox@example.org',
    });
    expect(res.statusCode).toBe(200);
    await t.settled();
    expect((await signedIn.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.selectFrom('password_tokens').select('id').where('user_id', '=', account.id).execute()).toEqual([]);
    const told = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', 'old.inbox@example.org')
      .where('subject', '=', 'Your player sign-in has changed')
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).not.toContain('new.inbox@example.org');
  });

  it('a taken e-mail answers 409, without saying that it has an account, to a caller who reads the users', async () => {
    const taken = await admin.post('/api/players', newPlayer({ player_email: 'coach@demo.club' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('player_email');
    expect(taken.json().message).not.toMatch(/already|account|exists|registered/i);
  });

  it('to a coach, a taken e-mail answers as a free one: the same refusal, nothing made, nobody told', async () => {
    const answer = async (address: string) => {
      const res = await coach.post('/api/players', newPlayer({ last_name: 'Oracle', player_email: address }));
      return { status: res.statusCode, body: res.json() };
    };
    const free = await answer('free.kid@example.org');
    const taken = await answer('admin@demo.club');
    expect(free.status).toBe(403);
    expect(taken).toEqual(free);
    expect(await t.db.selectFrom('players').select('id').where('last_name', '=', 'Oracle').execute()).toEqual([]);
    expect(
      await t.db.selectFrom('mail_outbox').select('id').where('to_address', 'in', ['admin@demo.club', 'free.kid@example.org']).execute(),
    ).toEqual([]);
  });

  it("a coach's duplicate check sees only their teams: another team's child answers as a new one", async () => {
    const other = await t.db
      .selectFrom('players')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', ids.otherPlayer)
      .executeTakeFirstOrThrow();
    const own = await t.db
      .selectFrom('players')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', ids.ownPlayer)
      .executeTakeFirstOrThrow();
    const unseen = await coach.post('/api/players', { ...other, team_id: [ids.own] });
    expect(unseen.statusCode).toBe(200);
    expect(unseen.json().data.id).not.toBe(ids.otherPlayer);
    const seen = await coach.post('/api/players', { ...own, team_id: [ids.own] });
    expect(seen.statusCode).toBe(409);
    expect(seen.json()).toEqual({ message: 'A player with this first name, last name and parent email already exists.', field: 'email' });
    // Staff reaching every team see every player.
    expect((await admin.post('/api/players', { ...other, team_id: [ids.own] })).statusCode).toBe(409);
  });

  it('a coach keeps memberships in teams they cannot see and cannot edit others’ players', async () => {
    const p = (await admin.post('/api/players', newPlayer({ team_id: [ids.own, ids.other] }))).json().data;
    const res = await coach.post(`/api/player/${p.id}`, { first_name: 'Coach', last_name: 'Edit', team_id: [ids.team('U16 Girls')] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.teamIds.sort()).toEqual([ids.other, ids.team('U16 Girls')].sort());
    expect((await coach.post(`/api/player/${ids.otherPlayer}`, { first_name: 'X', last_name: 'Y', team_id: [ids.own] })).statusCode).toBe(
      403,
    );
    expect((await coach.post(`/api/player/${p.id}`, { first_name: 'X', last_name: 'Y', team_id: [] })).statusCode).toBe(400);
  });

  it('a coach saving a shared player with all its current teams keeps the other coach’s membership', async () => {
    const p = (await admin.post('/api/players', newPlayer({ team_id: [ids.own, ids.other] }))).json().data;
    const res = await coach.post(`/api/player/${p.id}`, { first_name: 'Shared', last_name: p.last_name, team_id: p.teamIds });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.teamIds.sort()).toEqual([ids.own, ids.other].sort());
    // Sent back without the own team: the other coach's id alone is not a choice of the coach's.
    const onlyOther = await coach.post(`/api/player/${p.id}`, { first_name: 'Shared', last_name: p.last_name, team_id: [ids.other] });
    expect(onlyOther.statusCode).toBe(400);
    expect(onlyOther.json().field).toBe('team_id');
    // A foreign team the player is not on is still refused.
    const other2 = ids.team('U14 Girls');
    const added = await coach.post(`/api/player/${p.id}`, { first_name: 'Shared', last_name: p.last_name, team_id: [ids.own, other2] });
    expect(added.statusCode).toBe(403);
    expect((await admin.get(`/api/player/${p.id}`)).json().data.teamIds.sort()).toEqual([ids.own, ids.other].sort());
  });

  it('401, 403, 400, 404', async () => {
    const body = { first_name: 'A', last_name: 'B' };
    expect((await t.anon.post(`/api/player/${ids.ownPlayer}`, body)).statusCode).toBe(401);
    expect((await player.post(`/api/player/${ids.linkedPlayer}`, body)).statusCode).toBe(403);
    expect((await admin.post(`/api/player/${ids.ownPlayer}`, { first_name: '', last_name: 'B' })).statusCode).toBe(400);
    expect((await admin.post('/api/player/99999', body)).statusCode).toBe(404);
  });
});

describe('POST /api/team/:teamId/player/:id/remove', () => {
  it('removes the membership only; 404 when not a member; coaches only on their teams', async () => {
    const p = (await admin.post('/api/players', newPlayer({ team_id: [ids.own, ids.other] }))).json().data;
    expect((await coach.post(`/api/team/${ids.other}/player/${p.id}/remove`)).statusCode).toBe(403);
    const res = await coach.post(`/api/team/${ids.own}/player/${p.id}/remove`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.success);
    expect((await admin.get(`/api/player/${p.id}`)).json().data.teamIds).toEqual([ids.other]);
    expect((await coach.post(`/api/team/${ids.own}/player/${p.id}/remove`)).statusCode).toBe(404);
    expect((await admin.post(`/api/team/99999/player/${p.id}/remove`)).statusCode).toBe(404);
    expect((await player.post(`/api/team/${ids.own}/player/${p.id}/remove`)).statusCode).toBe(403);
    expect((await t.anon.post(`/api/team/${ids.own}/player/${p.id}/remove`)).statusCode).toBe(401);
    expect((await admin.post(`/api/team/${ids.own}/player/abc/remove`)).statusCode).toBe(400);
  });
});

describe('POST /api/player/:id/delete', () => {
  it('deletes the player with evaluations, notes, achievements, photo and sign-in account', async () => {
    const p = (await admin.post('/api/players', newPlayer({ player_email: 'gone@example.org', profile_img: await pngDataUrl() }))).json()
      .data;
    await admin.post(`/api/player/${p.id}/notes`, { details: 'A note' });
    const res = await admin.post(`/api/player/${p.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: p.id, evaluations: 0, notes: 1, achievements: 0, account: true });
    expect((await admin.get(`/api/player/${p.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'gone@example.org').executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('files').select('id').where('key', '=', p.profile_img).executeTakeFirst()).toBeUndefined();
  });

  it('ends the deleted player’s own session', async () => {
    const p = (await admin.post('/api/players', newPlayer({ player_email: 'session@example.org' }))).json().data;
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('kid-password-1') })
      .where('email', '=', 'session@example.org')
      .execute();
    const kid = await t.login({ email: 'session@example.org', password: 'kid-password-1' });
    expect((await kid.get(`/api/player/${p.id}`)).statusCode).toBe(200);
    await admin.post(`/api/player/${p.id}/delete`);
    expect((await kid.get(`/api/player/${p.id}`)).statusCode).toBe(401);
  });

  it('a coach deletes only players all of whose teams they coach; admins any', async () => {
    const shared = (await admin.post('/api/players', newPlayer({ team_id: [ids.own, ids.other] }))).json().data;
    await admin.post(`/api/player/${shared.id}/notes`, { details: 'Kept' });
    const refused = await coach.post(`/api/player/${shared.id}/delete`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.playerSharedDelete);
    expect((await admin.get(`/api/player/${shared.id}`)).statusCode).toBe(200);
    expect(await t.db.selectFrom('notes').select('id').where('player_id', '=', shared.id).execute()).toHaveLength(1);
    const ownOnly = (await admin.post('/api/players', newPlayer({ team_id: [ids.own, ids.team('U16 Girls')] }))).json().data;
    expect((await coach.post(`/api/player/${ownOnly.id}/delete`)).statusCode).toBe(200);
    expect((await admin.get(`/api/player/${ownOnly.id}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/player/${shared.id}/delete`)).statusCode).toBe(200);
  });

  it('401, 403 (player, coach of another team), 404', async () => {
    expect((await t.anon.post(`/api/player/${ids.otherPlayer}/delete`)).statusCode).toBe(401);
    expect((await player.post(`/api/player/${ids.linkedPlayer}/delete`)).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${ids.otherPlayer}/delete`)).statusCode).toBe(403);
    expect((await admin.post('/api/player/99999/delete')).statusCode).toBe(404);
    expect((await admin.post('/api/player/0/delete')).statusCode).toBe(400);
  });
});
