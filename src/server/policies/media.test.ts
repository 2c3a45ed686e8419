import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../files/files.repository.js';
import { familyLogin } from '../modules/family/family.fixtures.js';
import { createTestApp, type Client, type TestApp } from '../test/harness.js';
import { decideMedia } from './media.js';

describe('decideMedia: photos and videos outside staff pages need media consent', () => {
  it.each([
    [{ staff: true, self: false, consented: false }, true],
    [{ staff: false, self: true, consented: false }, true],
    [{ staff: false, self: false, consented: true }, true],
    [{ staff: false, self: false, consented: false }, false],
  ])('%o → %s', (facts, shown) => expect(decideMedia(facts)).toBe(shown));
});

describe('a withdrawn media consent hides the photo from other players on the next request', () => {
  let t: TestApp, coach: Client, player: Client;
  let teamId: number, mate: number, self: number, mateKey: string, selfKey: string, parent: string;

  const photo = async (playerId: number) => {
    const file = await storeFile(t.db, {
      ext: 'webp',
      mime: 'image/webp',
      data: Buffer.from(`photo of ${playerId}`),
      originalName: 'p.webp',
    });
    await t.db.updateTable('players').set({ profile_img: file.key }).where('id', '=', playerId).execute();
    return file.key;
  };
  const boardPhoto = async (c: Client, id: number) => {
    const res = await c.get(`/api/leaderboard/players?team_id=${teamId}&pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.rows as { id: number; profile_img: string | null }[]).find((r) => r.id === id)!.profile_img;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [coach, player] = await Promise.all([t.login('coach'), t.login('player')]);
    self = ((await player.get('/api/auth/me')).json().data as { player: number }).player;
    teamId = (await t.db.selectFrom('team_players').select('team_id').where('player_id', '=', self).executeTakeFirstOrThrow()).team_id;
    mate = (
      await t.db
        .selectFrom('team_players')
        .select('player_id')
        .where('team_id', '=', teamId)
        .where('player_id', '!=', self)
        .orderBy('player_id')
        .executeTakeFirstOrThrow()
    ).player_id;
    mateKey = await photo(mate);
    selfKey = await photo(self);
    parent = (
      await t.db
        .selectFrom('guardian_links as l')
        .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
        .select('g.email')
        .where('l.player_id', '=', mate)
        .where('l.status', '=', 'active')
        .executeTakeFirstOrThrow()
    ).email;
    await t.settled();
  });
  afterAll(() => t.close());

  it("shows a consented team-mate's photo; the player revalidates it each time, staff may keep it", async () => {
    expect(await boardPhoto(player, mate)).toBe(mateKey);
    const img = await player.get(`/assets/images/users/${mateKey}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toBe('private, no-cache');
    expect((await coach.get(`/assets/images/users/${mateKey}`)).headers['cache-control']).toContain('immutable');
  });

  it('withdrawal: gone from the player board and the file route at once; staff still see it; the player keeps their own', async () => {
    const family = await familyLogin(t, parent);
    const etag = (await player.get(`/assets/images/users/${mateKey}`)).headers.etag as string;
    expect((await family.post(`/api/family/player/${mate}/consent`, { purpose: 'media', granted: false })).statusCode).toBe(200);
    await t.settled();

    expect(await boardPhoto(player, mate)).toBeNull();
    expect((await player.get(`/assets/images/users/${mateKey}`)).statusCode).toBe(404);
    // A browser revalidating its copy is refused too, not told 304.
    const revalidate = await t.app.inject({
      method: 'GET',
      url: `/assets/images/users/${mateKey}`,
      headers: { cookie: player.cookie, 'if-none-match': etag },
    });
    expect(revalidate.statusCode).toBe(404);
    expect(await boardPhoto(coach, mate)).toBe(mateKey);
    expect((await coach.get(`/assets/images/users/${mateKey}`)).statusCode).toBe(200);

    // The player's own photo does not depend on their family's media consent.
    const own = await familyLogin(
      t,
      (
        await t.db
          .selectFrom('guardian_links as l')
          .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
          .select('g.email')
          .where('l.player_id', '=', self)
          .where('l.status', '=', 'active')
          .executeTakeFirstOrThrow()
      ).email,
    );
    expect((await own.post(`/api/family/player/${self}/consent`, { purpose: 'media', granted: false })).statusCode).toBe(200);
    await t.settled();
    expect(await boardPhoto(player, self)).toBe(selfKey);
    expect((await player.get(`/assets/images/users/${selfKey}`)).statusCode).toBe(200);

    // Granted again: shown again on the next request.
    await family.post(`/api/family/player/${mate}/consent`, { purpose: 'media', granted: true });
    await t.settled();
    expect(await boardPhoto(player, mate)).toBe(mateKey);
    expect((await player.get(`/assets/images/users/${mateKey}`)).statusCode).toBe(200);
  });
});
