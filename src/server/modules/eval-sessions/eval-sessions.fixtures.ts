import { expect } from 'vitest';
import { TRYOUT_TOKEN_HEADER } from '../../../shared/schemas/eval-session.js';
import type { TestApp } from '../../test/harness.js';

/** The answer's data, after checking its status (the body is printed when it differs). */
export const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};

/** A guest evaluator's requests: only the token header, never a cookie. */
export const guestOf = (t: TestApp) => (token: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { [TRYOUT_TOKEN_HEADER]: token } }),
  post: (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { [TRYOUT_TOKEN_HEADER]: token } }),
});
