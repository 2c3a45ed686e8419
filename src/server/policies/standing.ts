/**
 * The one standing rule (docs/product.md#families, ADR 0019): may this holder act for this player now,
 * for this purpose? Every bearer link (family sign-in, report, offer, claim) asks it when it is used,
 * and every recipient list when it is drawn up — never only when the link was made. A link whose
 * holder lost standing answers like an expired one. `decideStanding` is the rule, pure and tested as a
 * table; the async functions gather its facts (standing.repository.ts).
 */
import type { Kysely } from 'kysely';
import type { DB, LinkStatus } from '../db/types.js';
import * as repo from './standing.repository.js';

/**
 * - `sign-in`: a family sign-in link (an invited link counts: the sign-in is what confirms it);
 * - `family-session`: the family portal's pages of the child;
 * - `report`: a report to the family (a report link, the report recipients);
 * - `offer`: a place offer (its link; its recipients are the report recipients, docs/product.md#offers);
 * - `notice`: the hand-over notice to the family;
 * - `claim`: the player's claim link;
 * - `goals`: the child's goals on the family portal (an active link, and the reports consent: goals
 *   come from the evaluations a report carries, docs/product.md#goals);
 * - `self-assessment`: the child's self-assessment beside the coach's scores on the family portal (the
 *   same rule as `goals`: it shows the approved report's scores, docs/product.md#self-assessment).
 */
export type StandingPurpose = 'sign-in' | 'family-session' | 'report' | 'offer' | 'notice' | 'claim' | 'goals' | 'self-assessment';

/** Who holds the link: a guardian, the player's own sign-in, or the player's claim link (no sign-in yet). */
export type HolderKind = 'guardian' | 'player' | 'claim';

export interface StandingFacts {
  /** The player was erased (an approved erasure request). */
  erased: boolean;
  /** The player has claimed their own account (hand-over). */
  claimed: boolean;
  /** The guardian's link to the player (guardians only; null: none). */
  link: {
    status: LinkStatus;
    sharesAfterHandover: boolean;
    receivesReports: boolean;
    /** The guardian's address is a player's sign-in: a guardian identity it may not be. */
    holderIsPlayerSignIn: boolean;
  } | null;
  /** The player's own sign-in is active and still the player's (players only). */
  signInActive: boolean;
  /** The player's `reports` consent counts (ADR 0019). */
  reportsConsent: boolean;
}

export type StandingDecision =
  'allow' | 'erased' | 'noLink' | 'notActive' | 'ownAccount' | 'notReceiving' | 'noConsent' | 'noSignIn' | 'wrongHolder';

const LIVE: readonly LinkStatus[] = ['invited', 'active'];

export function decideStanding(holder: HolderKind, purpose: StandingPurpose, f: StandingFacts): StandingDecision {
  if (f.erased) return 'erased';
  if (holder === 'claim') return purpose === 'claim' ? 'allow' : 'wrongHolder';
  if (purpose === 'claim') return 'wrongHolder';
  if (holder === 'player') {
    if (purpose !== 'report' && purpose !== 'offer') return 'wrongHolder';
    return f.signInActive ? 'allow' : 'noSignIn';
  }
  if (!f.link) return 'noLink';
  const live: readonly LinkStatus[] = purpose === 'sign-in' || purpose === 'notice' ? LIVE : ['active'];
  if (!live.includes(f.link.status) || f.link.holderIsPlayerSignIn) return 'notActive';
  // After the hand-over the player decides: a guardian they do not share with has no standing.
  if (f.claimed && !f.link.sharesAfterHandover) return 'ownAccount';
  if (purpose === 'report') {
    if (!f.link.receivesReports) return 'notReceiving';
    if (!f.reportsConsent) return 'noConsent';
  }
  if ((purpose === 'goals' || purpose === 'self-assessment') && !f.reportsConsent) return 'noConsent';
  return 'allow';
}

type Db = Kysely<DB>;
type LinkRow = Awaited<ReturnType<typeof repo.guardianLinks>>[number];

const linkFacts = (l: LinkRow): NonNullable<StandingFacts['link']> => ({
  status: l.status,
  sharesAfterHandover: Number(l.shares_after_handover) === 1,
  receivesReports: Number(l.receives_reports) === 1,
  holderIsPlayerSignIn: !!l.player_sign_in,
});

async function playerFacts(db: Db, playerIds: readonly number[], purpose: StandingPurpose) {
  const [erased, claimed, consent] = await Promise.all([
    repo.erasedPlayers(db, playerIds),
    repo.claimedPlayers(db, playerIds),
    purpose === 'report' || purpose === 'goals' || purpose === 'self-assessment'
      ? repo.reportsConsent(db, playerIds)
      : Promise.resolve(new Set<number>()),
  ]);
  return (playerId: number, more: Pick<StandingFacts, 'link' | 'signInActive'>): StandingFacts => ({
    erased: erased.has(playerId),
    claimed: claimed.has(playerId),
    reportsConsent: consent.has(playerId),
    ...more,
  });
}

/** A guardian's standing for one player, with their link row (null when there is none). */
export async function guardianStanding(db: Db, guardianId: number, playerId: number, purpose: StandingPurpose) {
  const [links, facts] = await Promise.all([
    repo.guardianLinks(db, { guardianId, playerIds: [playerId] }),
    playerFacts(db, [playerId], purpose),
  ]);
  const link = links[0] ?? null;
  return {
    decision: decideStanding('guardian', purpose, facts(playerId, { link: link && linkFacts(link), signInActive: false })),
    link,
  };
}

/** Whether a player's own sign-in (the holder of a player's report or offer link) may still act. */
export async function playerStanding(db: Db, userId: number, playerId: number, purpose: StandingPurpose): Promise<StandingDecision> {
  const [own, facts] = await Promise.all([repo.ownSignIns(db, [playerId]), playerFacts(db, [playerId], purpose)]);
  return decideStanding('player', purpose, facts(playerId, { link: null, signInActive: own.some((u) => u.user_id === userId) }));
}

/** Whether the player's claim link may still be used (the claimed-once rule stays the claim's own). */
export async function claimStanding(db: Db, playerId: number): Promise<StandingDecision> {
  const facts = await playerFacts(db, [playerId], 'claim');
  return decideStanding('claim', 'claim', facts(playerId, { link: null, signInActive: false }));
}

/** A family sign-in link works while its guardian has standing for at least one child. */
export async function guardianMaySignIn(db: Db, guardianId: number): Promise<boolean> {
  const links = await repo.guardianLinks(db, { guardianId });
  const facts = await playerFacts(
    db,
    links.map((l) => l.player_id),
    'sign-in',
  );
  return links.some(
    (l) => decideStanding('guardian', 'sign-in', facts(l.player_id, { link: linkFacts(l), signInActive: false })) === 'allow',
  );
}

/**
 * A recipient list: for each player, the guardians and the player's own sign-ins with standing for
 * the purpose, and every guardian link with its decision (the list's reasons are read from them).
 */
export async function withStanding(db: Db, playerIds: readonly number[], purpose: StandingPurpose) {
  const [links, own, facts] = await Promise.all([
    repo.guardianLinks(db, { playerIds }),
    repo.ownSignIns(db, playerIds),
    playerFacts(db, playerIds, purpose),
  ]);
  const decided = links.map((l) => ({
    ...l,
    decision: decideStanding('guardian', purpose, facts(l.player_id, { link: linkFacts(l), signInActive: false })),
  }));
  const players = own.filter((u) => decideStanding('player', purpose, facts(u.player_id!, { link: null, signInActive: true })) === 'allow');
  return { links: decided, guardians: decided.filter((l) => l.decision === 'allow'), players };
}
