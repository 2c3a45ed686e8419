import { describe, expect, it } from 'vitest';
import type { Actor } from '../../shared/permissions.js';
import { decide, resourceViewer, type Decision, type ResourceAction, type ResourceFacts } from './resources.js';

const base: ResourceFacts = { exists: true, level: 1, listed: false };

/** [action, facts that differ from base, decision] */
const table: [ResourceAction, Partial<ResourceFacts>, Decision][] = [
  // Readers see the resources whose access list names their role; hidden looks like missing.
  ['view', {}, 404],
  ['view', { listed: true }, 'allow'],
  ['view', { exists: false, listed: true }, 404],
  // Writers see every resource, listed or not.
  ['view', { level: 2 }, 'allow'],
  ['view', { level: 2, exists: false }, 404],
  ['view', { level: 0, listed: true }, 'allow'],
  // Changing needs resources write; a reader who cannot even see it gets 404 before 403.
  ['edit', { level: 2 }, 'allow'],
  ['edit', { level: 2, listed: true }, 'allow'],
  ['edit', { level: 2, exists: false }, 404],
  ['edit', { listed: true }, 403],
  ['edit', {}, 404],
];

describe('resource policy', () => {
  it.each(table)('%s with %o → %s', (action, facts, decision) => {
    expect(decide(action, { ...base, ...facts })).toBe(decision);
  });
});

describe('resource list filter', () => {
  // Only the role and the resources level count.
  const actor = (resources: 0 | 1 | 2) => ({ roleId: 7, permissions: { resources } }) as unknown as Actor;
  it.each([
    [1, { roleId: 7, seesAll: false }],
    [2, { roleId: 7, seesAll: true }],
  ] as const)('resources %s → %o', (level, viewer) => {
    expect(resourceViewer(actor(level))).toEqual(viewer);
  });
});
