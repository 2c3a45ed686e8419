import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, markSignedOut, resumeSignOut, setCsrfToken, SIGN_OUT_RETRY_MS } from './api';
import { meQuery } from './auth';
import { pendingSignOut } from './signed-out';

interface Call {
  method: string;
  url: string;
  csrf: string | undefined;
}

/** A fake network: `answer` decides each request (throw = no network); every request is recorded. */
function network(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = { method: init.method ?? 'GET', url, csrf: headers['x-csrf-token'] };
    calls.push(call);
    try {
      return Promise.resolve(answer(call));
    } catch (e) {
      return Promise.reject(e as Error);
    }
  });
  return calls;
}
const offline = () => {
  throw new TypeError('Failed to fetch');
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const me = () => (meQuery.queryFn as () => Promise<unknown>)();

describe('a sign-out made on a shared phone', () => {
  beforeEach(() => {
    // The retries' timers: a test moves the clock itself, and none outlives it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    localStorage.clear();
    setCsrfToken('coach-token');
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('offline: the device is signed out at once, and nothing of the user is fetched or served', async () => {
    markSignedOut();
    const calls = network(offline);
    expect(await me()).toBeNull();
    await expect(apiGet('/api/teams')).rejects.toThrow();
    // Only the sign-out was tried: no read could be answered from the worker's cache.
    expect(calls.every((c) => c.method === 'POST' && c.url === '/api/auth/logout')).toBe(true);
    expect(pendingSignOut()).toBe('coach-token');
    // A reload (a new page on the same device) still finds it.
    expect(localStorage.length).toBe(1);
  });

  it('the sign-out goes out first when the network returns, with the session token, before any other request', async () => {
    markSignedOut();
    network(offline);
    await expect(apiGet('/api/teams')).rejects.toThrow();
    const calls = network((c) => (c.url === '/api/auth/logout' ? json(200, { data: null }) : json(401, { message: 'Please sign in.' })));
    await Promise.all([
      apiGet('/api/teams').catch(() => null),
      me(),
      apiPost('/api/auth/login', { email: 'a@b.c', password: 'x' }).catch(() => null),
    ]);
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/auth/logout', csrf: 'coach-token' });
    // Sent once, though three requests waited for it.
    expect(calls.filter((c) => c.url === '/api/auth/logout')).toHaveLength(1);
    expect(
      calls
        .slice(1)
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/api/auth/login', '/api/auth/me', '/api/auth/me', '/api/teams']);
    expect(pendingSignOut()).toBeNull();
  });

  it('stays signed out until the server confirms: a failed sign-out keeps the marker and lets nothing else out', async () => {
    markSignedOut();
    const calls = network((c) => (c.url === '/api/auth/logout' ? json(503, { message: 'busy' }) : json(200, { data: [] })));
    await expect(apiGet('/api/teams')).rejects.toBeInstanceOf(ApiError);
    expect(await me()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/logout', '/api/auth/logout']);
    expect(pendingSignOut()).toBe('coach-token');
  });

  it('a failed attempt is retried on its own, with growing waits, until the server confirms', async () => {
    markSignedOut();
    let down = 3;
    const calls = network((c) => {
      if (down > 0) {
        down--;
        // No network, then a network that answers but not yet well.
        return down > 0 ? offline() : json(503, { message: 'busy' });
      }
      return json(c.url === '/api/auth/logout' ? 200 : 401, { data: null });
    });
    // The `online` event came before the network really worked: its attempt fails.
    await resumeSignOut();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SIGN_OUT_RETRY_MS[0] - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SIGN_OUT_RETRY_MS[1]);
    expect(calls).toHaveLength(3);
    expect(pendingSignOut()).toBe('coach-token');
    await vi.advanceTimersByTimeAsync(SIGN_OUT_RETRY_MS[2]);
    expect(calls.map((c) => `${c.method} ${c.url} ${c.csrf}`)).toEqual(Array(4).fill('POST /api/auth/logout coach-token'));
    expect(pendingSignOut()).toBeNull();
    // Confirmed: nothing more is sent.
    await vi.advanceTimersByTimeAsync(10 * SIGN_OUT_RETRY_MS.at(-1)!);
    expect(calls).toHaveLength(4);
  });

  it('the waits stop growing, and an `online` event tries at once and starts them over', async () => {
    markSignedOut();
    const calls = network(offline);
    await resumeSignOut();
    const total = SIGN_OUT_RETRY_MS.reduce((a, b) => a + b, 0);
    await vi.advanceTimersByTimeAsync(total + 2 * SIGN_OUT_RETRY_MS.at(-1)!);
    expect(calls).toHaveLength(1 + SIGN_OUT_RETRY_MS.length + 2);
    const before = calls.length;
    await resumeSignOut();
    expect(calls).toHaveLength(before + 1);
    await vi.advanceTimersByTimeAsync(SIGN_OUT_RETRY_MS[0]);
    expect(calls).toHaveLength(before + 2);
    // A request of the app's own also sends it, and one attempt at a time goes out.
    await Promise.all([apiGet('/api/teams').catch(() => null), resumeSignOut()]);
    expect(calls).toHaveLength(before + 3);
    expect(calls.every((c) => c.url === '/api/auth/logout')).toBe(true);
  });

  it('a cookie holding another session than the one signed out (a different token) is ended too', async () => {
    markSignedOut();
    const calls = network((c) => {
      if (c.url === '/api/auth/me') return json(200, { data: { id: 2, csrfToken: 'other-token' } });
      if (c.url === '/api/auth/logout') return c.csrf === 'other-token' ? json(200, { data: null }) : json(403, { message: 'csrf' });
      return json(200, { data: [] });
    });
    await apiGet('/api/teams');
    expect(calls.map((c) => `${c.method} ${c.url} ${c.csrf ?? ''}`.trim())).toEqual([
      'POST /api/auth/logout coach-token',
      'GET /api/auth/me',
      'POST /api/auth/logout other-token',
      'GET /api/teams',
    ]);
    expect(pendingSignOut()).toBeNull();
  });

  it('any 401 deletes the service worker cache of API answers', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: (name: string) => Promise.resolve(deleted.push(name) > 0) });
    network(() => json(401, { message: 'Please sign in.' }));
    await expect(apiGet('/api/teams')).rejects.toMatchObject({ status: 401 });
    await expect(apiPost('/api/evaluations/sync', {})).rejects.toMatchObject({ status: 401 });
    expect(deleted).toEqual(['api', 'api']);
    // A tryout guest's ended token says nothing of the device's session.
    await expect(apiGet('/api/tryout/sheet', undefined, { 'x-tryout-token': 'old' })).rejects.toMatchObject({ status: 401 });
    expect(deleted).toEqual(['api', 'api']);
  });
});

describe('a write from a page opened straight from a link', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken('');
  });

  it("carries the signed-in session's token though nothing asked who is signed in before", async () => {
    setCsrfToken('');
    const calls = network((c) => (c.url === '/api/auth/me' ? json(200, { data: { csrfToken: 'player-token' } }) : json(200, { data: {} })));
    await apiPost('/api/report-link/session', { token: 'x' });
    expect(calls).toEqual([
      { method: 'GET', url: '/api/auth/me', csrf: undefined },
      { method: 'POST', url: '/api/report-link/session', csrf: 'player-token' },
    ]);
  });

  it('asks nothing first when the token is known, and sends none when nobody is signed in', async () => {
    setCsrfToken('known');
    let calls = network(() => json(200, { data: {} }));
    await apiPost('/api/offer-link/answer', {});
    expect(calls).toEqual([{ method: 'POST', url: '/api/offer-link/answer', csrf: 'known' }]);
    setCsrfToken('');
    calls = network((c) => (c.url === '/api/auth/me' ? json(401, { message: 'Please sign in.' }) : json(200, { data: {} })));
    await apiPost('/api/offer-link/answer', {});
    expect(calls.map((c) => [c.method, c.url, c.csrf])).toEqual([
      ['GET', '/api/auth/me', undefined],
      ['POST', '/api/offer-link/answer', ''],
    ]);
  });
});
