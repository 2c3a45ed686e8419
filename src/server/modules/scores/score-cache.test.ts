import { describe, expect, it } from 'vitest';
import { RankingCache, Revalidating } from './score-cache.js';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('Revalidating (stale-while-revalidate by score version)', () => {
  it('serves the last value at once while one refresh runs, then the new one', async () => {
    const cache = new Revalidating<string>();
    expect(await cache.get(1, 'k', 's', async () => 'v1')).toEqual({ version: 1, value: 'v1' });
    const refresh = deferred<string>();
    let runs = 0;
    const compute = () => (runs++, refresh.promise);
    expect(await cache.get(2, 'k', 's', compute)).toEqual({ version: 1, value: 'v1' });
    expect(await cache.get(3, 'k', 's', compute)).toEqual({ version: 1, value: 'v1' });
    expect(runs).toBe(1);
    refresh.resolve('v2');
    await turn();
    expect(await cache.get(2, 'k', 's', compute)).toEqual({ version: 2, value: 'v2' });
    expect(runs).toBe(1);
  });

  it('refreshes a value made for another stamp (a new day) even at the same version', async () => {
    const cache = new Revalidating<string>();
    await cache.get(1, 'k', 'monday', async () => 'mon');
    expect((await cache.get(1, 'k', 'tuesday', async () => 'tue')).value).toBe('mon');
    await turn();
    expect((await cache.get(1, 'k', 'tuesday', async () => 'never')).value).toBe('tue');
  });

  it('keeps the old value when a refresh fails, and lets the next reader try again', async () => {
    const cache = new Revalidating<string>();
    await cache.get(1, 'k', 's', async () => 'v1');
    expect((await cache.get(2, 'k', 's', async () => Promise.reject(new Error('busy')))).value).toBe('v1');
    await turn();
    expect((await cache.get(2, 'k', 's', async () => 'v2')).value).toBe('v1');
    await turn();
    expect((await cache.get(2, 'k', 's', async () => 'never')).value).toBe('v2');
  });

  it('shares a first value among concurrent readers and does not keep a failed one', async () => {
    const cache = new Revalidating<string>();
    const first = deferred<string>();
    let runs = 0;
    const a = cache.get(1, 'k', 's', () => (runs++, first.promise));
    const b = cache.get(2, 'k', 's', () => (runs++, first.promise));
    first.reject(new Error('gate full'));
    await expect(a).rejects.toThrow('gate full');
    await expect(b).rejects.toThrow('gate full');
    expect(runs).toBe(1);
    expect(await cache.get(1, 'k', 's', async () => 'v1')).toEqual({ version: 1, value: 'v1' });
  });

  it('holds at most its size, least recently used out first', async () => {
    const cache = new Revalidating<string>(2);
    for (const k of ['a', 'b', 'c']) await cache.get(1, k, 's', async () => k);
    cache.resize(1);
    expect((await cache.get(1, 'c', 's', async () => 'new')).value).toBe('c');
    expect((await cache.get(1, 'b', 's', async () => 'new b')).value).toBe('new b');
  });
});

describe('RankingCache.resize', () => {
  it('drops the least recently used entries beyond the new size', async () => {
    const cache = new RankingCache<string>(3);
    for (const k of ['a', 'b', 'c']) await cache.get(1, k, async () => k);
    cache.resize(1);
    expect(await cache.get(1, 'c', async () => 'new')).toBe('c');
    expect(await cache.get(1, 'a', async () => 'new a')).toBe('new a');
  });
});

describe('RankingCache memory bound (ADR 0023)', () => {
  it('drops the oldest entries until what it keeps weighs at most the bound; the newest stays', async () => {
    const cache = new RankingCache<number[]>(64, (v) => v.length, 10);
    const list = (n: number) => async () => Array.from({ length: n }, (_, i) => i);
    await cache.get(1, 'a', list(4));
    await cache.get(1, 'b', list(4));
    expect(cache.totalWeight).toBe(8);
    await cache.get(1, 'c', list(4));
    await turn();
    expect(cache.totalWeight).toBe(8);
    let runs = 0;
    await cache.get(1, 'a', async () => (runs++, [1]));
    expect(runs).toBe(1); // 'a' was the oldest and went
    await cache.get(1, 'huge', list(50));
    await turn();
    expect(cache.totalWeight).toBe(50);
    expect(await cache.get(1, 'huge', async () => [])).toHaveLength(50);
  });
});
