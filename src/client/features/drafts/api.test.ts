import { describe, expect, it } from 'vitest';
import type { Board } from '../../../shared/schemas/draft';
import { boardQuery } from './api';

const board = (version: number, name: string) => ({ id: 1, version, name }) as unknown as Board;

describe('the board query', () => {
  const share = boardQuery(1).structuralSharing as (old: unknown, next: unknown) => Board;

  it('a reread answered after a newer write keeps the newer version', () => {
    const newer = board(7, 'after the second write');
    expect(share(newer, board(6, 'read before it'))).toBe(newer);
  });

  it('takes a reread at the same or a later version', () => {
    expect(share(board(6, 'bumped by the answer'), board(6, 'read again')).name).toBe('read again');
    expect(share(board(6, 'x'), board(8, 'someone else wrote')).version).toBe(8);
    expect(share(undefined, board(3, 'first read')).version).toBe(3);
  });
});
