import type { Kysely } from 'kysely';
import { dateOfAge, hasReached, HANDOVER_NOTICE_DAYS } from '../../../shared/age.js';
import type { Actor } from '../../../shared/permissions.js';
import { CLAIM_LINK_MINUTES, type HandoverStatus } from '../../../shared/schemas/handover.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { addMinutes, now as clockNow, nowIso, nowMs } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { hashPassword } from '../auth/passwords.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { deleteUserSessions, setPassword } from '../auth/sessions.repository.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { consentedPlayerIds } from '../family/consents.repository.js';
import { guardianRuleMessages } from '../guardians/links.service.js';
import { isGuardianEmail, normalEmail } from '../guardians/links.repository.js';
import { linkedAccount, playerRoleId } from '../players/accounts.repository.js';
import { getSettings } from '../settings/settings.repository.js';
import { CONSENT_PURPOSES } from '../../../shared/schemas/guardian.js';
import { consentTexts } from '../family/portal.service.js';
import * as repo from './handover.repository.js';
import { claimStanding, withStanding } from '../../policies/standing.js';

type Db = Kysely<DB>;

export const handoverMessages = {
  invalidLink: 'This link is invalid, used or expired. Ask your club for a new one.',
  noBirthYear: 'This player has no birth year, so the hand-over date is unknown. Add the birth year first.',
  notYet: (date: string) => `The player reaches the hand-over age on ${date}; the account can be claimed from then on.`,
  claimed: 'This player has already claimed their account.',
  emailTaken: 'This email cannot be used for a player sign-in. Please use another address.',
} as const;

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export async function handoverStatus(db: Db, playerId: number, on = clockNow()): Promise<HandoverStatus> {
  const player = await repo.playerForHandover(db, playerId);
  if (!player) throw notFound();
  const [{ handover_age }, h] = await Promise.all([getSettings(db), repo.handoverOf(db, playerId)]);
  return {
    playerId,
    handoverDate: player.dob === null ? null : dateOfAge(player.dob, handover_age),
    handoverAge: handover_age,
    reached: player.dob !== null && hasReached(player.dob, handover_age, on),
    noticeAt: h?.notice_at ?? null,
    claimedAt: h?.claimed_at ?? null,
    playerEmail: player.player_email,
  };
}

function claimMail(publicUrl: string, firstName: string, token: string) {
  const link = `${base(publicUrl)}/claim?token=${encodeURIComponent(token)}`;
  return {
    subject: 'Your account is yours now',
    text: [
      `Hello ${firstName},`,
      '',
      'You have reached the age at which your club hands your player account over to you. Open this link to claim it and choose your password. From then on you decide what your parents or guardians still see.',
      `The link works once and is valid for ${CLAIM_LINK_MINUTES / (24 * 60)} days:`,
      '',
      link,
      '',
      'If you did not expect this e-mail, ignore it and tell your club.',
    ].join('\n'),
  };
}

/** Issues a claim link (replacing earlier unused ones) and mails it as sensitive. Answers nothing: the link is never shown. */
async function issueClaimLink(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  player: { id: number; first_name: string },
  email: string,
  now: Date,
): Promise<void> {
  const token = randomToken();
  const at = now.toISOString();
  await repo.replaceClaimToken(db, {
    player_id: player.id,
    email,
    token_hash: sha256(token),
    expires_at: addMinutes(at, CLAIM_LINK_MINUTES),
    created_at: at,
  });
  await mailer.send({ to: email, ...claimMail(publicUrl, player.first_name, token), sensitive: true });
}

/** Staff send the claim link from the profile: only from the hand-over date, never to a guardian's address. */
export async function sendClaimLink(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  actor: Actor,
  playerId: number,
  email: string,
): Promise<HandoverStatus> {
  const status = await handoverStatus(db, playerId);
  const player = (await repo.playerForHandover(db, playerId))!;
  if (status.claimedAt) throw conflict(handoverMessages.claimed, 'email');
  if (!status.handoverDate) throw badRequest(handoverMessages.noBirthYear, 'email');
  if (!status.reached) throw badRequest(handoverMessages.notYet(status.handoverDate), 'email');
  if (normalEmail(email) === normalEmail(player.email) || (await isGuardianEmail(db, email)))
    throw badRequest(guardianRuleMessages.playerEmailIsGuardian, 'email');
  const user = await repo.userByEmail(db, email);
  if (user && user.player_id !== playerId) throw badRequest(handoverMessages.emailTaken, 'email');
  await issueClaimLink(db, mailer, publicUrl, player, email, clockNow());
  await recordAudit(
    db,
    actor,
    'claim_link',
    'player',
    playerId,
    `${player.first_name} ${player.last_name}: claim link e-mailed to ${email}`,
  );
  return status;
}

/**
 * Claims the account with a link, once, while the player has standing (not erased): the player's own sign-in is created (or the existing one taken
 * over and moved to the link's address), the password set, and from now on the player's own consents
 * count (they start as what was in effect). Guardians' links and history stay.
 */
export async function claimAccount(db: Db, token: string, password: string): Promise<{ email: string }> {
  const found = await repo.findClaimToken(db, sha256(token));
  if (!found || found.used_at || Date.parse(found.expires_at) < nowMs()) throw badRequest(handoverMessages.invalidLink, 'token');
  const player = await repo.playerForHandover(db, found.player_id);
  // An erased player's link answers as an expired one (policies/standing.ts): nothing comes back.
  if (!player || (await claimStanding(db, player.id)) !== 'allow') throw badRequest(handoverMessages.invalidLink, 'token');
  assertPasswordAllowed(password, 'password', [found.email, player.first_name, player.last_name]);
  const hash = await hashPassword(password);
  const texts = await consentTexts(db);
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    if (!(await repo.useClaimToken(trx, found.id, at)) || (await claimStanding(trx, player.id)) !== 'allow')
      throw badRequest(handoverMessages.invalidLink, 'token');
    if (await isGuardianEmail(trx, found.email)) throw badRequest(guardianRuleMessages.playerEmailIsGuardian, 'token');
    const other = await repo.userByEmail(trx, found.email);
    const account = await linkedAccount(trx, player.id);
    if (other && other.id !== account?.id) throw badRequest(handoverMessages.emailTaken, 'token');
    let userId: number;
    if (account) {
      userId = account.id;
      if (account.email !== found.email) await deleteUserSessions(trx, account.id);
      await repo.setAccountEmail(trx, account.id, found.email, at);
      await setPassword(trx, account.id, hash, at);
    } else {
      userId = await repo.insertPlayerAccount(trx, {
        first_name: player.first_name,
        last_name: player.last_name,
        email: found.email,
        player_id: player.id,
        role_id: await playerRoleId(trx),
        password_hash: hash,
        at,
      });
    }
    await repo.setPlayerEmail(trx, player.id, found.email, at);
    for (const purpose of CONSENT_PURPOSES) {
      const granted = (await consentedPlayerIds(trx, purpose, [player.id])).has(player.id);
      await repo.setOwnConsent(trx, player.id, purpose, granted, texts[purpose].version, at);
    }
    if (!(await repo.markOnce(trx, player.id, 'claimed_at', at))) throw conflict(handoverMessages.claimed, 'token');
    await recordAudit(
      trx,
      { id: userId },
      'claim',
      'player',
      player.id,
      `${player.first_name} ${player.last_name} claimed their account (${found.email}); guardians see nothing new until the player decides`,
    );
  });
  return { email: found.email };
}

function noticeMail(to: string, player: { first_name: string }, date: string, forPlayer: boolean) {
  const when = longDate(date);
  return {
    to,
    subject: forPlayer ? 'Your club account becomes yours' : `${player.first_name} takes over their club account`,
    text: [
      'Hello,',
      '',
      forPlayer
        ? `On ${when} your club hands your player account over to you: you will claim it with a one-time link and decide what your parents or guardians still see.`
        : `On ${when} ${player.first_name} reaches the club's hand-over age and takes over their own player account. From the day ${player.first_name} claims it, ${player.first_name} decides what you still see and whether you receive reports; until ${player.first_name} chooses, you see nothing new. What you have seen so far is kept.`,
      '',
      'If you have questions, please contact your club.',
    ].join('\n'),
  };
}

export interface NoticeRun {
  notices: number;
  claimLinks: number;
}

/**
 * The hourly hand-over job (testable with any clock): 30 days before a player's hand-over date, the
 * player (if they have an e-mail) and every live guardian are told, once; from the date on, a player
 * with an e-mail gets the claim link, once. A step is recorded before its mail goes out, so two
 * processes never both send it.
 */
/** `stop` is asked before each player: a closing server ends the run after the player in hand (the rest go next run). */
export async function runHandoverNotices(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  now: Date,
  stop: () => boolean = () => false,
): Promise<NoticeRun> {
  const { handover_age } = await getSettings(db);
  const run: NoticeRun = { notices: 0, claimLinks: 0 };
  const soon = new Date(now.getTime() + HANDOVER_NOTICE_DAYS * 86_400_000);
  for (const p of await repo.playersDue(db, soon.getUTCFullYear() - handover_age, 'notice_at')) {
    if (stop()) return run;
    if (!(await repo.markOnce(db, p.id, 'notice_at', now.toISOString()))) continue;
    const date = dateOfAge(p.dob!, handover_age);
    const guardians = (await withStanding(db, [p.id], 'notice')).guardians.map((g) => g.email);
    for (const to of guardians) await mailer.send(noticeMail(to, p, date, false));
    if (p.player_email) await mailer.send(noticeMail(p.player_email, p, date, true));
    await recordAudit(
      db,
      null,
      'handover_notice',
      'player',
      p.id,
      `${p.first_name} ${p.last_name}: hand-over on ${date} told to ${guardians.length} guardian(s)${p.player_email ? ' and the player' : ''}`,
    );
    run.notices++;
  }
  for (const p of await repo.playersDue(db, now.getUTCFullYear() - handover_age, 'claim_mail_at')) {
    if (stop()) return run;
    if (!p.player_email || (await isGuardianEmail(db, p.player_email))) continue;
    if (!(await repo.markOnce(db, p.id, 'claim_mail_at', now.toISOString()))) continue;
    await issueClaimLink(db, mailer, publicUrl, p, p.player_email.toLowerCase(), now);
    await recordAudit(db, null, 'claim_link', 'player', p.id, `${p.first_name} ${p.last_name}: claim link e-mailed at the hand-over date`);
    run.claimLinks++;
  }
  return run;
}
