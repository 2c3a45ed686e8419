import { describe, expect, it } from 'vitest';
import { decideSelfWrite } from './self-assessment.js';

describe('decideSelfWrite (only the player writes their own view of themself)', () => {
  it('the player writes; staff, whatever their levels, read only', () => {
    expect(decideSelfWrite({ playerId: 12 })).toBe('allow');
    expect(decideSelfWrite({ playerId: null })).toBe(403);
  });
});
