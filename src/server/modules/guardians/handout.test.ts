import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../../shared/clock.js';
import { FAMILY_HANDOUT_MINUTES } from '../../../shared/schemas/guardian.js';
import { nowIso, nowMs } from '../../lib/time.js';
import { guardianPolicyMessages } from '../../policies/guardians.js';
import { clientFor, createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { sha256 } from '../auth/tokens.js';
import { INVALID_FAMILY_LINK } from '../family/family-auth.service.js';

/**
 * A one-time sign-in handed to a guardian in person from the GUARDIANS panel (docs/product.md#families):
 * user managers only, 15 minutes, once, audited without the token, never in the outbox, and refused
 * for a guardian without standing for the player.
 */
describe('one-time sign-in handed out from the guardians panel', () => {
  let t: TestApp, admin: Client, coach: Client, player: Client;
  let a: number, b: number;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, coach, player] = await Promise.all([t.login('admin'), t.login('coach'), t.login('player')]);
    const first = async (team: string) =>
      (
        await t.db
          .selectFrom('team_players as tp')
          .innerJoin('teams as te', 'te.id', 'tp.team_id')
          .select('tp.player_id')
          .where('te.name', '=', team)
          .orderBy('tp.player_id', 'desc')
          .executeTakeFirstOrThrow()
      ).player_id;
    [a, b] = [await first('U14 Boys'), await first('U18 Boys')];
  });
  afterAll(async () => {
    setClock(null);
    await t.close();
  });

  /** A new guardian of the player, invited (their invitation waits in the outbox); answers the link id. */
  async function invited(playerId: number, email: string): Promise<number> {
    const res = await admin.post(`/api/player/${playerId}/guardians`, { email, relationship: 'parent' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: number; email: string }[]).find((l) => l.email === email)!.id;
  }
  const url = (playerId: number, linkId: number) => `/api/player/${playerId}/guardian/${linkId}/sign-in-link`;
  const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);
  const signIn = (token: string) => t.anon.post('/api/family/session', { token });
  const outboxCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('401 anonymous, 403 without user management write (coach, player, a family session), 400 bad ids, 404 another player’s link', async () => {
    const link = await invited(a, 'handout.refused@example.org');
    expect((await t.anon.post(url(a, link))).statusCode).toBe(401);
    expect((await coach.post(url(a, link))).statusCode).toBe(403);
    expect((await player.post(url(a, link))).statusCode).toBe(403);
    expect((await admin.post(`/api/player/abc/guardian/${link}/sign-in-link`)).statusCode).toBe(400);
    expect((await admin.post(`/api/player/${a}/guardian/0/sign-in-link`)).statusCode).toBe(400);
    expect((await admin.post(url(b, link))).statusCode).toBe(404);
    expect((await admin.post(url(999999, link))).statusCode).toBe(404);
    // Without the CSRF token a staff write is refused.
    expect((await clientFor(t.app, admin.cookie, '').post(url(a, link))).statusCode).toBe(403);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'sign_in_link').execute()).toEqual([]);
  });

  it('shows the link once: 15 minutes, hashed, audited without the token, nothing in the outbox; it signs in once', async () => {
    const email = 'handout.parent@example.org';
    const link = await invited(a, email);
    const guardian = (await t.db.selectFrom('guardians').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const mails = await outboxCount();
    const before = nowMs();
    const res = await admin.post(url(a, link));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { link: handed, expiresAt } = res.json().data as { link: string; expiresAt: string };
    expect(handed).toMatch(/^http:\/\/localhost:3000\/family\/sign-in\?token=/);
    const minutes = (Date.parse(expiresAt) - before) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(FAMILY_HANDOUT_MINUTES - 0.1);
    expect(minutes).toBeLessThanOrEqual(FAMILY_HANDOUT_MINUTES + 0.1);
    const token = tokenOf(handed);

    // Only the hash is stored; the pending 7-day invitation stays beside it; nothing went to the outbox.
    const tokens = await t.db.selectFrom('guardian_tokens').selectAll().where('guardian_id', '=', guardian).execute();
    expect(tokens).toHaveLength(2);
    expect(tokens.some((r) => r.token_hash === sha256(token))).toBe(true);
    expect(JSON.stringify(tokens)).not.toContain(token);
    expect(await outboxCount()).toBe(mails);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'sign_in_link').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_name: expect.stringMatching(/\S/), entity: 'guardian', entity_id: guardian });
    expect(audit[0]!.user_id).not.toBeNull();
    expect(audit[0]!.summary).toContain(`guardian ${guardian}`);
    expect(JSON.stringify(audit)).not.toContain(token);

    // It signs in like any family link (the invited link becomes active), once.
    const first = await signIn(token);
    expect(first.statusCode, first.body).toBe(200);
    const session = first.cookies.find((c) => c.name === 'gsid')!;
    const family = clientFor(t.app, `gsid=${session.value}`, first.json().data.csrfToken);
    const me = (await family.get('/api/family/me')).json().data;
    expect(me.children.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([[a, 'active']]);
    const again = await signIn(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_FAMILY_LINK, field: 'token' });
    expect(await outboxCount()).toBe(mails);
  });

  it('a new one replaces the earlier unused one, never the pending invitation; it ends after 15 minutes by the clock', async () => {
    const email = 'handout.twice@example.org';
    const link = await invited(a, email);
    const guardian = (await t.db.selectFrom('guardians').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const invitation = (await t.db.selectFrom('guardian_tokens').select('id').where('guardian_id', '=', guardian).execute()).map(
      (r) => r.id,
    );
    expect(invitation).toHaveLength(1);
    const older = tokenOf((await admin.post(url(a, link))).json().data.link);
    const newer = tokenOf((await admin.post(url(a, link))).json().data.link);
    const left = await t.db.selectFrom('guardian_tokens').select(['id', 'token_hash']).where('guardian_id', '=', guardian).execute();
    expect(left.map((r) => r.id)).toEqual(expect.arrayContaining(invitation));
    expect(left.map((r) => r.token_hash).sort()).toEqual(
      [sha256(newer), ...left.filter((r) => invitation.includes(r.id)).map((r) => r.token_hash)].sort(),
    );
    expect((await signIn(older)).statusCode).toBe(400);

    // 16 minutes later the newer one has ended too.
    setClock(new Date(nowMs() + (FAMILY_HANDOUT_MINUTES + 1) * 60_000));
    try {
      const late = await signIn(newer);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(INVALID_FAMILY_LINK);
    } finally {
      setClock(null);
    }
    // The invitation is still pending and unused.
    const invite = await t.db.selectFrom('guardian_tokens').selectAll().where('id', '=', invitation[0]!).executeTakeFirstOrThrow();
    expect(invite.used_at).toBeNull();
    expect(Date.parse(invite.expires_at)).toBeGreaterThan(Date.parse(nowIso()) + 6 * 24 * 3600_000);
  });

  it('refused (409) for a guardian who lost standing: revoked, erased player, claimed without sharing; an earlier one stops working', async () => {
    const audited = async () => (await t.db.selectFrom('audit_log').select('id').where('action', '=', 'sign_in_link').execute()).length;
    // Revoked: an unused hand-out made before answers as expired.
    const revokedLink = await invited(a, 'handout.revoked@example.org');
    const before = tokenOf((await admin.post(url(a, revokedLink))).json().data.link);
    expect((await admin.post(`/api/player/${a}/guardian/${revokedLink}/revoke`)).statusCode).toBe(200);
    const made = await audited();
    const refused = await admin.post(url(a, revokedLink));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(guardianPolicyMessages.noStanding);
    expect((await signIn(before)).statusCode).toBe(400);

    // Claimed, and the player does not share with this guardian.
    const claimedLink = await invited(b, 'handout.claimed@example.org');
    const now = nowIso();
    await t.db
      .insertInto('player_handovers')
      .values({ player_id: b, notice_at: now, claim_mail_at: now, claimed_at: now, updated_at: now })
      .execute();
    const claimed = await admin.post(url(b, claimedLink));
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().message).toBe(guardianPolicyMessages.ownAccount);
    await t.db.deleteFrom('player_handovers').where('player_id', '=', b).execute();

    // Erased (the erasure's record; its links would go with it).
    const erasedLink = await invited(b, 'handout.erased@example.org');
    await t.db
      .insertInto('privacy_requests')
      .values({
        player_id: b,
        requested_by: 'admin',
        requester_user_id: null,
        requester_guardian_id: null,
        reason: 'test',
        status: 'erased',
        due_at: now,
        decided_by: null,
        decided_at: now,
        decision_reason: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const erased = await admin.post(url(b, erasedLink));
    expect(erased.statusCode).toBe(409);
    expect(erased.json().message).toBe(guardianPolicyMessages.noStanding);
    // A refusal mints and audits nothing.
    expect(await audited()).toBe(made);
  });
});
