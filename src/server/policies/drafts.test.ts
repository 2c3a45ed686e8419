import { describe, expect, it } from 'vitest';
import { decide, type DraftDecision, type DraftFacts } from './drafts.js';

/** [facts, decision]: the caller must reach every team of the draft; unknown drafts are 404 first. */
const table: [DraftFacts, DraftDecision][] = [
  [{ exists: true, teamIds: [1, 2], reachable: null }, 'allow'],
  [{ exists: true, teamIds: [1, 2], reachable: [1, 2, 3] }, 'allow'],
  [{ exists: true, teamIds: [1, 2], reachable: [1] }, 403],
  [{ exists: true, teamIds: [1], reachable: [] }, 403],
  [{ exists: true, teamIds: [], reachable: [] }, 'allow'],
  [{ exists: false, teamIds: [], reachable: null }, 404],
  [{ exists: false, teamIds: [], reachable: [1] }, 404],
];

describe('draft policy', () => {
  it.each(table)('%o → %s', (facts, decision) => {
    expect(decide(facts)).toBe(decision);
  });
});
