import { forgetCachedAnswers } from './pwa-cache';
import { forgetSignOut, pendingSignOut, rememberSignOut } from './signed-out';

/**
 * The one HTTP client: JSON in and out, the CSRF header on writes, errors as ApiError. A sign-out the
 * server has not confirmed yet goes out before any other request, which waits for it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** What a failed call says to the user: the server's message, or that it could not be reached. */
export function failureMessage(e: unknown): string {
  return e instanceof ApiError ? e.message : 'Could not reach the server. Please try again.';
}

let csrfToken = '';
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/** From now on this device is signed out, whether or not the server hears of it now. */
export function markSignedOut(): void {
  rememberSignOut(csrfToken);
  csrfToken = '';
}

const postLogout = (token: string) =>
  fetch('/api/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': token },
    body: '{}',
  });

async function sendSignOut(token: string): Promise<void> {
  let res = await postLogout(token);
  if (res.status === 403) {
    // The cookie holds a session other than the one signed out (its token differs): end that one too.
    const me = await fetch('/api/auth/me', { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
    res = me.ok ? await postLogout(((await me.json()) as Envelope<{ csrfToken: string }>).data.csrfToken) : me;
  }
  // A 401: the session had already ended.
  if (!res.ok && res.status !== 401) throw new ApiError(res.status, 'Could not sign out on the server. Please try again.');
  forgetSignOut();
}

/**
 * Waits between attempts while a sign-out stays unconfirmed. An `online` event is no proof that requests
 * get through (a captive portal, a radio still coming up, a service worker whose network lags the page's),
 * so a failed attempt is always followed by another one, without waiting for the user or another event.
 */
export const SIGN_OUT_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const delay = SIGN_OUT_RETRY_MS[Math.min(failures, SIGN_OUT_RETRY_MS.length - 1)];
  failures++;
  retryTimer = setTimeout(() => void settleSignOut().catch(() => undefined), delay);
}

let settling: Promise<void> | null = null;
/**
 * Sends a pending sign-out; resolves once the server confirmed it, rejects while it cannot (the device
 * stays signed out, and another attempt is scheduled).
 */
export function settleSignOut(): Promise<void> {
  const token = pendingSignOut();
  if (token === null) return Promise.resolve();
  settling ??= sendSignOut(token)
    .then(
      () => {
        failures = 0;
        clearTimeout(retryTimer);
      },
      (e: unknown) => {
        scheduleRetry();
        throw e;
      },
    )
    .finally(() => {
      settling = null;
    });
  return settling;
}

/** The network is back (the `online` event): try now, and from the shortest wait again if that fails. */
export function resumeSignOut(): Promise<void> {
  failures = 0;
  return settleSignOut().catch(() => undefined);
}

/**
 * A 401: the session is over, and the worker's copies of its answers go with it (ADR 0014). Not when the
 * request carried its own credentials (`headers`: a tryout guest's token), which say nothing of the cookie's.
 */
function checkSession(res: Response, headers: Record<string, string> | undefined): void {
  if (res.status === 401 && !headers) void forgetCachedAnswers();
}

async function parse<T>(res: Response, headers?: Record<string, string>): Promise<T> {
  checkSession(res, headers);
  const body = (await res.json().catch(() => null)) as { message?: string; field?: string } | null;
  if (!res.ok) {
    throw new ApiError(res.status, body?.message ?? `Request failed (${res.status})`, body?.field);
  }
  return body as T;
}

/** `headers`: a tryout guest's token (features/eval-sessions), which no cookie carries. */
export async function apiGet<T>(url: string, signal?: AbortSignal, headers?: Record<string, string>): Promise<T> {
  await settleSignOut();
  const res = await fetch(url, { credentials: 'same-origin', signal, headers: { accept: 'application/json', ...headers } });
  return parse<T>(res, headers);
}

/**
 * A page opened straight from a link (a report, an offer, a claim) may write before anything asked
 * who is signed in on this device; a session's write without its token is refused, so ask first.
 */
async function knownCsrfToken(): Promise<string> {
  if (csrfToken) return csrfToken;
  const me = await fetch('/api/auth/me', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (me.ok) csrfToken = ((await me.json()) as Envelope<{ csrfToken: string }>).data.csrfToken;
  return csrfToken;
}

export async function apiPost<T>(url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  await settleSignOut();
  if (!headers?.['x-csrf-token']) await knownCsrfToken();
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken, ...headers },
    body: JSON.stringify(body ?? {}),
  });
  return parse<T>(res, headers);
}

/** A file (e.g. a photo) as a Blob, for an <img> that cannot send the headers itself. */
export async function apiBlob(url: string, headers?: Record<string, string>): Promise<Blob> {
  await settleSignOut();
  const res = await fetch(url, { credentials: 'same-origin', headers });
  checkSession(res, headers);
  if (!res.ok) throw new ApiError(res.status, `Request failed (${res.status})`);
  return res.blob();
}

function parseJson(text: string): { message?: string; field?: string } | null {
  try {
    return JSON.parse(text) as { message?: string; field?: string };
  } catch {
    return null;
  }
}

/** Multipart upload with progress (fetch cannot report upload progress; XHR can). */
export async function apiUpload<T>(url: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  await settleSignOut();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error. Check your connection and try again.'));
    xhr.onload = () => {
      if (xhr.status === 401) void forgetCachedAnswers();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body?.message ?? `Request failed (${xhr.status})`, body?.field));
    };
    xhr.send(form);
  });
}

export interface Envelope<T> {
  data: T;
}
export interface WriteEnvelope<T> {
  data: T;
  message: string;
}
