import { describe, expect, it } from 'vitest';
import { decideChildOffer } from './family-inbox.js';
import { decideHandOut } from './guardians.js';
import type { StandingDecision } from './standing.js';

/** [facts, decision]: an offer of another child (or none) is 404 before the guardian's standing for `offer` (403). */
const offers: [Parameters<typeof decideChildOffer>[0], 'allow' | 403 | 404][] = [
  [{ exists: true, ofPlayer: true, standing: 'allow' }, 'allow'],
  [{ exists: true, ofPlayer: true, standing: 'notActive' }, 403],
  [{ exists: true, ofPlayer: true, standing: 'ownAccount' }, 403],
  [{ exists: true, ofPlayer: true, standing: 'erased' }, 403],
  [{ exists: true, ofPlayer: false, standing: 'allow' }, 404],
  [{ exists: false, ofPlayer: false, standing: 'allow' }, 404],
  [{ exists: true, ofPlayer: false, standing: 'notActive' }, 404],
];

/** [the standing rule's answer for `sign-in`, the hand-out's]: only `allow` mints; after the claim without sharing the message says so. */
const handOuts: [StandingDecision, 'allow' | 'ownAccount' | 'noStanding'][] = [
  ['allow', 'allow'],
  ['ownAccount', 'ownAccount'],
  ['notActive', 'noStanding'],
  ['erased', 'noStanding'],
  ['noLink', 'noStanding'],
];

describe('family inbox and hand-out policies', () => {
  it.each(offers)('offer %o → %s', (facts, decision) => {
    expect(decideChildOffer(facts)).toBe(decision);
  });
  it.each(handOuts)('hand-out with standing %s → %s', (standing, decision) => {
    expect(decideHandOut(standing)).toBe(decision);
  });
});
