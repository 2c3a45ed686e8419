import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCaches } from './fake-caches.test-util';
import { API_CACHE, apiOwnerPlugin, ownedKey } from './pwa-cache';

const ORIGIN = 'https://club.example';
const get = (path: string) => new Request(`${ORIGIN}${path}`);
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const signedIn = (path: string, id: number) =>
  apiOwnerPlugin.fetchDidSucceed({ request: get(path), response: answer(200, { data: { id, csrfToken: 't' } }) });
const keyOf = (path: string) => apiOwnerPlugin.cacheKeyWillBeUsed({ request: get(path) });
const keeps = async () => (await apiOwnerPlugin.cacheWillUpdate({ response: answer(200, { data: [] }) })) !== null;

describe('the service worker API cache on a phone two users share', () => {
  let stores: ReturnType<typeof fakeCaches>;
  beforeEach(() => {
    stores = fakeCaches();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keys each answer by the user the server named, and keeps nothing before it named one', async () => {
    expect(await keeps()).toBe(false);
    await signedIn('/api/auth/me', 3);
    expect(await keeps()).toBe(true);
    expect(await keyOf('/api/team/7/evaluations?level=2')).toBe(`${ORIGIN}/api/team/7/evaluations?level=2&__owner=3`);
    expect(stores.has(API_CACHE)).toBe(true);
  });

  it('keeps one dashboard answer per user whatever the day it was read for, where the page looks for it', async () => {
    await signedIn('/api/auth/me', 3);
    const key = `${ORIGIN}/api/dashboard?__owner=3`;
    expect(await keyOf('/api/dashboard?today=2026-11-25')).toBe(key);
    expect(await keyOf('/api/dashboard?today=2026-11-26')).toBe(key);
    vi.stubGlobal('location', new URL(`${ORIGIN}/app/dashboard`));
    expect(ownedKey('/api/dashboard?today=2026-11-26', '3')).toBe(key);
    expect(ownedKey('/api/team/7/evaluations?criteria_id=2', '3')).toBe(`${ORIGIN}/api/team/7/evaluations?criteria_id=2&__owner=3`);
  });

  it("another user's sign-in wipes the first user's answers; the same user again keeps them", async () => {
    await signedIn('/api/auth/me', 3);
    const coachKey = await keyOf('/api/teams');
    stores.get(API_CACHE)!.set(coachKey, answer(200, { data: ['U14 Boys'] }));
    await signedIn('/api/auth/me', 3);
    expect(stores.get(API_CACHE)!.has(coachKey)).toBe(true);

    await signedIn('/api/auth/login', 5);
    expect(stores.get(API_CACHE)!.has(coachKey)).toBe(false);
    expect(await keyOf('/api/teams')).toBe(`${ORIGIN}/api/teams?__owner=5`);
  });

  it.each([
    ['a 401 on any read', get('/api/players'), answer(401, { message: 'Please sign in.' })],
    ['a 401 on a write', new Request(`${ORIGIN}/api/evaluations/sync`, { method: 'POST' }), answer(401, { message: 'Please sign in.' })],
    ['a sign-out', new Request(`${ORIGIN}/api/auth/logout`, { method: 'POST' }), answer(200, { data: null })],
  ])('%s wipes every answer and the owner', async (_name, request, response) => {
    await signedIn('/api/auth/me', 3);
    stores.get(API_CACHE)!.set(await keyOf('/api/teams'), answer(200, { data: [] }));
    expect(await apiOwnerPlugin.fetchDidSucceed({ request, response })).toBe(response);
    expect(stores.has(API_CACHE)).toBe(false);
    expect(await keeps()).toBe(false);
  });

  it('a failed sign-in or an answer without a user changes nothing', async () => {
    await signedIn('/api/auth/me', 3);
    await apiOwnerPlugin.fetchDidSucceed({
      request: get('/api/auth/login'),
      response: answer(400, { message: 'Incorrect email or password.' }),
    });
    await apiOwnerPlugin.fetchDidSucceed({ request: get('/api/auth/me'), response: new Response('not json') });
    expect(await keyOf('/api/teams')).toBe(`${ORIGIN}/api/teams?__owner=3`);
  });
});
