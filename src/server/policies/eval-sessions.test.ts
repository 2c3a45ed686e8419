import { describe, expect, it } from 'vitest';
import { decide, type Decision, type SessionAction, type SessionFacts } from './eval-sessions.js';

const base: SessionFacts = { exists: true, level: 1, assigned: false, state: 'open', resultsUnlocked: false, outOfReach: false };

/** [action, facts that differ from base, decision] */
const table: [SessionAction, Partial<SessionFacts>, Decision][] = [
  ['view', { exists: false, level: 2 }, 404],
  ['view', {}, 403],
  ['view', { assigned: true }, 'allow'],
  ['view', { level: 2 }, 'allow'],
  ['manage', { assigned: true }, 403],
  ['manage', { level: 2 }, 'allow'],
  ['manage', { level: 2, exists: false }, 404],
  // A director reaching only their own teams runs no session that holds another team's player (issue 25).
  ['manage', { level: 2, outOfReach: true }, 403],
  ['view', { level: 2, outOfReach: true }, 403],
  ['view', { level: 2, outOfReach: true, assigned: true }, 'allow'],
  ['results', { level: 2, outOfReach: true, resultsUnlocked: true }, 403],
  ['results', { assigned: true, resultsUnlocked: true }, 403],
  ['results', { level: 2 }, 'locked'],
  ['results', { level: 2, state: 'closed' }, 'locked'],
  ['results', { level: 2, resultsUnlocked: true }, 'allow'],
  ['results', { level: 2, state: 'published' }, 'allow'],
  ['score', { level: 2 }, 403],
  ['score', { assigned: true }, 'allow'],
  ['score', { level: 0, assigned: true }, 'allow'],
  ['score', { assigned: true, state: 'draft' }, 'closed'],
  ['score', { assigned: true, state: 'closed' }, 'closed'],
  ['score', { assigned: true, state: 'published' }, 'closed'],
  ['score', { exists: false, assigned: true }, 404],
  // The calibration round runs before the real scoring: a draft or an open session, its evaluators only.
  ['calibrate', { level: 2 }, 403],
  ['calibrate', { assigned: true, state: 'draft' }, 'allow'],
  ['calibrate', { assigned: true }, 'allow'],
  ['calibrate', { assigned: true, state: 'closed' }, 'calibration over'],
  ['calibrate', { assigned: true, state: 'published' }, 'calibration over'],
  ['calibrate', { exists: false, assigned: true }, 404],
];

describe('evaluation session policy', () => {
  it.each(table)('%s with %o → %s', (action, facts, decision) => {
    expect(decide(action, { ...base, ...facts })).toBe(decision);
  });
});
