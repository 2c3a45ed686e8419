/**
 * A small HTTP client for the scripts (node:http, no globals): a signed-in session with the cookie and
 * the CSRF header, and a multipart body builder. `fresh: true` forces a new TCP connection.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A new connection instead of the shared keep-alive agent. */
  fresh?: boolean;
  /** Send the body in 20 pieces spread over this many ms (a request that stays in flight). */
  paceMs?: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export function request(base: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = Buffer.byteLength(opts.body);
    const req = http.request(`${base}${path}`, { method: opts.method ?? 'GET', headers, agent: opts.fresh ? false : agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!opts.paceMs || opts.body === undefined) return void req.end(opts.body);
    const body = Buffer.from(opts.body);
    const step = Math.ceil(body.length / 20);
    let sent = 0;
    const timer = setInterval(() => {
      if (req.destroyed) return clearInterval(timer);
      req.write(body.subarray(sent, sent + step));
      sent += step;
      if (sent >= body.length) {
        clearInterval(timer);
        req.end();
      }
    }, opts.paceMs / 20);
  });
}

/** Closes the shared keep-alive sockets (before the script exits, or after the server died). */
export function dropConnections(): void {
  agent.destroy();
}

export function multipart(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; data: Buffer },
): { body: Buffer; contentType: string } {
  const boundary = `----crash${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Session {
  base: string;
  cookie: string;
  csrf: string;
  /** Headers of a signed-in request; writes need the CSRF token too. */
  headers: Record<string, string>;
}

export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const res = await request(base, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${res.text}`);
  const setCookie = res.headers['set-cookie'] ?? [];
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  const csrf = (JSON.parse(res.text) as { data: { csrfToken: string } }).data.csrfToken;
  return { base, cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
}

export async function getJson<T>(session: Session, path: string): Promise<T> {
  const res = await request(session.base, path, { headers: session.headers });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return (JSON.parse(res.text) as { data: T }).data;
}

/** A signed-in POST with a JSON body (CSRF header included); throws unless 200. */
export async function postJson<T>(session: Session, path: string, body: unknown = {}): Promise<T> {
  const res = await request(session.base, path, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return (JSON.parse(res.text) as { data: T }).data;
}
