import { describe, expect, it } from 'vitest';
import { decideStanding, type HolderKind, type StandingDecision, type StandingFacts, type StandingPurpose } from './standing.js';

const link = (over: Partial<NonNullable<StandingFacts['link']>> = {}): StandingFacts['link'] => ({
  status: 'active',
  sharesAfterHandover: false,
  receivesReports: true,
  holderIsPlayerSignIn: false,
  ...over,
});
const facts = (over: Partial<StandingFacts> = {}): StandingFacts => ({
  erased: false,
  claimed: false,
  link: link(),
  signInActive: false,
  reportsConsent: true,
  ...over,
});

const rows: [string, HolderKind, StandingPurpose, StandingFacts, StandingDecision][] = [
  // A guardian
  ['active link, family page', 'guardian', 'family-session', facts(), 'allow'],
  ['no link', 'guardian', 'family-session', facts({ link: null }), 'noLink'],
  ['revoked link', 'guardian', 'family-session', facts({ link: link({ status: 'revoked' }) }), 'notActive'],
  ['declined link', 'guardian', 'offer', facts({ link: link({ status: 'declined' }) }), 'notActive'],
  ['invited link, family page', 'guardian', 'family-session', facts({ link: link({ status: 'invited' }) }), 'notActive'],
  ['invited link, sign-in (the sign-in confirms it)', 'guardian', 'sign-in', facts({ link: link({ status: 'invited' }) }), 'allow'],
  ['invited link, hand-over notice', 'guardian', 'notice', facts({ link: link({ status: 'invited' }) }), 'allow'],
  ['revoked link, sign-in', 'guardian', 'sign-in', facts({ link: link({ status: 'revoked' }) }), 'notActive'],
  ["address is a player's sign-in", 'guardian', 'sign-in', facts({ link: link({ holderIsPlayerSignIn: true }) }), 'notActive'],
  ['erased player', 'guardian', 'family-session', facts({ erased: true }), 'erased'],
  ['erased player, even with a link left', 'guardian', 'offer', facts({ erased: true, link: link() }), 'erased'],
  ['claimed, not shared: family page', 'guardian', 'family-session', facts({ claimed: true }), 'ownAccount'],
  ['claimed, not shared: offer', 'guardian', 'offer', facts({ claimed: true }), 'ownAccount'],
  ['claimed, not shared: sign-in', 'guardian', 'sign-in', facts({ claimed: true }), 'ownAccount'],
  ['claimed, shared: offer', 'guardian', 'offer', facts({ claimed: true, link: link({ sharesAfterHandover: true }) }), 'allow'],
  ['report, receiving, consent', 'guardian', 'report', facts(), 'allow'],
  ['report, not receiving', 'guardian', 'report', facts({ link: link({ receivesReports: false }) }), 'notReceiving'],
  ['report, no consent', 'guardian', 'report', facts({ reportsConsent: false }), 'noConsent'],
  ['offer needs no reports consent', 'guardian', 'offer', facts({ reportsConsent: false }), 'allow'],
  ['report, claimed, shared', 'guardian', 'report', facts({ claimed: true, link: link({ sharesAfterHandover: true }) }), 'allow'],
  ['report, claimed, not shared', 'guardian', 'report', facts({ claimed: true }), 'ownAccount'],
  ['a guardian never claims', 'guardian', 'claim', facts(), 'wrongHolder'],
  ['goals, consent (receiving reports or not)', 'guardian', 'goals', facts({ link: link({ receivesReports: false }) }), 'allow'],
  ['goals, no reports consent', 'guardian', 'goals', facts({ reportsConsent: false }), 'noConsent'],
  ['goals, revoked link', 'guardian', 'goals', facts({ link: link({ status: 'revoked' }) }), 'notActive'],
  ['goals, claimed, not shared', 'guardian', 'goals', facts({ claimed: true }), 'ownAccount'],
  ['goals, claimed, shared', 'guardian', 'goals', facts({ claimed: true, link: link({ sharesAfterHandover: true }) }), 'allow'],
  ['a player reads goals in the player area, never here', 'player', 'goals', facts({ link: null, signInActive: true }), 'wrongHolder'],
  ['self-assessment, consent', 'guardian', 'self-assessment', facts({ link: link({ receivesReports: false }) }), 'allow'],
  ['self-assessment, no reports consent', 'guardian', 'self-assessment', facts({ reportsConsent: false }), 'noConsent'],
  ['self-assessment, claimed, not shared', 'guardian', 'self-assessment', facts({ claimed: true }), 'ownAccount'],
  [
    'self-assessment, claimed, shared',
    'guardian',
    'self-assessment',
    facts({ claimed: true, link: link({ sharesAfterHandover: true }) }),
    'allow',
  ],
  // The player's own sign-in
  ['own sign-in, report', 'player', 'report', facts({ link: null, signInActive: true }), 'allow'],
  ['own sign-in, offer', 'player', 'offer', facts({ link: null, signInActive: true }), 'allow'],
  ['closed sign-in', 'player', 'offer', facts({ link: null, signInActive: false }), 'noSignIn'],
  ['own sign-in, erased', 'player', 'report', facts({ link: null, signInActive: true, erased: true }), 'erased'],
  ['a player has no family page', 'player', 'family-session', facts({ link: null, signInActive: true }), 'wrongHolder'],
  // The claim link
  ['claim', 'claim', 'claim', facts({ link: null }), 'allow'],
  ['claim, erased', 'claim', 'claim', facts({ link: null, erased: true }), 'erased'],
  ['a claim link is for the claim only', 'claim', 'offer', facts({ link: null }), 'wrongHolder'],
];

describe('decideStanding (may this holder act for this player now, for this purpose)', () => {
  it.each(rows)('%s', (_, holder, purpose, f, want) => expect(decideStanding(holder, purpose, f)).toBe(want));
});
