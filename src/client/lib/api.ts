/** The one HTTP client: JSON in and out, the CSRF header on writes, errors as ApiError. */
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

async function parse<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as { message?: string; field?: string } | null;
  if (!res.ok) {
    throw new ApiError(res.status, body?.message ?? `Request failed (${res.status})`, body?.field);
  }
  return body as T;
}

/** `headers`: a tryout guest's token (features/eval-sessions), which no cookie carries. */
export async function apiGet<T>(url: string, signal?: AbortSignal, headers?: Record<string, string>): Promise<T> {
  const res = await fetch(url, { credentials: 'same-origin', signal, headers: { accept: 'application/json', ...headers } });
  return parse<T>(res);
}

export async function apiPost<T>(url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken, ...headers },
    body: JSON.stringify(body ?? {}),
  });
  return parse<T>(res);
}

/** A file (e.g. a photo) as a Blob, for an <img> that cannot send the headers itself. */
export async function apiBlob(url: string, headers?: Record<string, string>): Promise<Blob> {
  const res = await fetch(url, { credentials: 'same-origin', headers });
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
export function apiUpload<T>(url: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
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
