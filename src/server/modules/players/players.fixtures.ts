import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';

/** Lookups into the demo club shared by the players tests. */
export async function demoIds(t: TestApp) {
  const teams = await t.db.selectFrom('teams').select(['id', 'name']).execute();
  const team = (name: string) => teams.find((x) => x.name === name)!.id;
  const firstPlayerOf = async (teamId: number) => {
    const row = await t.db
      .selectFrom('team_players')
      .select('player_id')
      .where('team_id', '=', teamId)
      .orderBy('player_id')
      .executeTakeFirstOrThrow();
    return row.player_id;
  };
  const own = team('U14 Boys');
  const other = team('U18 Boys');
  const ownPlayer = await firstPlayerOf(team('U16 Girls'));
  const otherPlayer = await firstPlayerOf(other);
  const me = await t.db.selectFrom('users').select(['id', 'player_id']).where('email', '=', 'player@demo.club').executeTakeFirstOrThrow();
  return { team, own, other, ownPlayer, otherPlayer, linkedPlayer: me.player_id!, playerUserId: me.id };
}

export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

export interface PlayersSuite {
  t: TestApp;
  admin: Client;
  coach: Client;
  player: Client;
  ids: DemoIds;
}

/** A test file's own app with the admin, coach and player signed in; `ready` gets them before the tests run. */
export function playersSuite(ready: (s: PlayersSuite) => void | Promise<void>): void {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
    await ready({ t, admin, coach, player, ids: await demoIds(t) });
  });
  afterAll(() => t.close());
}

export async function pngDataUrl(width = 400, height = 300): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
