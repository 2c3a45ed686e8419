import { describe, expect, it } from 'vitest';
import { reasonOf } from '../modules/reports/recipients.js';
import { decide, type ReportFacts } from './report-reading.js';

const f = (over: Partial<ReportFacts>): ReportFacts => ({
  exists: true,
  ofPlayer: true,
  readable: true,
  staff: false,
  teamReached: false,
  ...over,
});

/** [facts, decision]: staff through the report's team (404 before 403); players and guardians only their readable reports, else 404. */
const table: [ReportFacts, 'allow' | 403 | 404][] = [
  [f({ staff: true, teamReached: true }), 'allow'],
  [f({ staff: true, teamReached: true, readable: false }), 'allow'],
  [f({ staff: true, teamReached: false }), 403],
  [f({ staff: true, exists: false }), 404],
  [f({ staff: true, teamReached: true, ofPlayer: false }), 404],
  [f({}), 'allow'],
  // A draft, revoked or superseded version is not confirmed to a family or a player.
  [f({ readable: false }), 404],
  [f({ ofPlayer: false }), 404],
  [f({ exists: false }), 404],
];

describe('report policy', () => {
  it.each(table)('%o → %s', (facts, decision) => {
    expect(decide(facts)).toBe(decision);
  });
});

describe('why nobody receives a report', () => {
  it.each([
    [true, true, 'no_consent'],
    [true, false, 'no_consent'],
    [false, true, 'no_guardian'],
    [false, false, 'no_email'],
  ] as const)('receiving guardian %s, live link %s → %s', (receiving, linked, reason) => {
    expect(reasonOf(receiving, linked)).toBe(reason);
  });
});
