import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { checkTarget, isPublicAddress, PreviewRefused, type TestAllowList } from './address-policy.js';
import { fetchPage, MAX_BYTES, TIMEOUT_MS, type FetchOptions } from './fetcher.js';
import { findCached } from './link-preview.repository.js';
import { FAILURE_TTL_MS, getPreview, SUCCESS_TTL_MS } from './link-preview.service.js';
import { parseOg } from './og-parser.js';
import { nowMs } from '../lib/time.js';

/**
 * SSRF suite (docs/product.md#errors). A local HTTP server plays the outside world; it is reachable only
 * through the fetcher's test-only allow-list, which no configuration can set.
 */
let server: Server;
let port: number;
let base: string;
let allow: TestAllowList;
const hits = new Map<string, number>();

const page = (head: string) => `<!doctype html><html><head>${head}</head><body><p>Body</p></body></html>`;

/** Redirects off the test server to places a preview must never follow. */
const redirects = (): Record<string, [number, string]> => ({
  '/to-private': [302, 'http://10.0.0.1/'],
  '/to-metadata': [301, 'http://169.254.169.254/latest/meta-data/'],
  // 127.0.0.2 spelled as one decimal number: loopback, but not the allow-listed address.
  '/to-decimal-loopback': [302, 'http://2130706434/'],
  '/to-file': [302, 'file:///etc/passwd'],
  '/to-unlisted-port': [302, `http://127.0.0.1:${port + 1}/og`],
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const html = (body: string, extra: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...extra });
      res.end(body);
    };
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const n = Number(chain[1]);
      if (n === 0) return html(page('<title>End of chain</title>'));
      res.writeHead(302, { location: `/chain/${n - 1}` });
      return res.end();
    }
    const redirect = redirects()[path];
    if (redirect) {
      res.writeHead(redirect[0], { location: redirect[1] });
      return res.end();
    }
    switch (path) {
      case '/og':
        return html(
          page(`<meta property="og:title" content="Form shooting &amp; footwork"><meta property="og:description" content="  A progression
            for young players. "><meta property="og:image" content="/img/cover.png"><title>Ignored title</title>`),
        );
      case '/fallback':
        return html(page('<title>Plain page</title><meta name="description" content="Described by meta">'));
      case '/gzip':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        return res.end(gzipSync(page('<meta property="og:title" content="Compressed">')));
      case '/big': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write(page('<meta property="og:title" content="Big page">'));
        const chunk = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 40; i++) res.write(chunk); // 2.5 MB
        return res.end();
      }
      case '/json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"title":"not html"}');
      case '/error':
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end(page('<title>Oops</title>'));
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head>');
        return; // never ends
      case '/bad-image':
        return html(page('<meta property="og:title" content="Bad image"><meta property="og:image" content="javascript:alert(1)">'));
      default:
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('missing');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  allow = { addresses: ['127.0.0.1'], ports: [port] };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(url: string, options: FetchOptions = {}): Promise<string> {
  try {
    await fetchPage(url, options);
  } catch (e) {
    if (e instanceof PreviewRefused) return e.reason;
    throw e;
  }
  throw new Error(`${url} was fetched`);
}

describe('address policy', () => {
  const refused = [
    ['loopback', 'http://127.0.0.1/'],
    ['loopback (other)', 'http://127.8.9.10/'],
    ['loopback, decimal spelling', 'http://2130706433/'],
    ['loopback, octal spelling', 'http://0177.0.0.1/'],
    ['loopback, hex spelling', 'http://0x7f.0.0.1/'],
    ['loopback, short spelling', 'http://127.1/'],
    ['loopback, mixed hex/octal', 'http://0x7f.00.0x0.01/'],
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 10/8, decimal', 'http://167772161/'],
    ['private 172.16/12', 'http://172.16.5.4/'],
    ['private 192.168/16', 'http://192.168.1.1/'],
    ['private 192.168/16, hex', 'http://0xc0a80101/'],
    ['link-local / cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['multicast', 'http://224.0.0.1/'],
    ['reserved 240/4', 'http://240.0.0.1/'],
    ['broadcast', 'http://255.255.255.255/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['unspecified, short', 'http://0/'],
    ['documentation TEST-NET-1', 'http://192.0.2.1/'],
    ['benchmarking 198.18/15', 'http://198.18.0.1/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unspecified', 'http://[::]/'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped IPv6 loopback, hex', 'http://[::ffff:7f00:1]/'],
    ['IPv4-mapped IPv6 of a public address', 'http://[::ffff:8.8.8.8]/'],
    ['IPv4-compatible IPv6', 'http://[::127.0.0.1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv6 unique local', 'http://[fd00::1]/'],
    ['IPv6 multicast', 'http://[ff02::1]/'],
    ['IPv6 documentation', 'http://[2001:db8::1]/'],
    ['NAT64 wrapping loopback', 'http://[64:ff9b::7f00:1]/'],
    ['6to4 wrapping loopback', 'http://[2002:7f00:1::]/'],
    ['Teredo', 'http://[2001::1]/'],
  ] as const;

  it.each(refused)('refuses %s (%s) before connecting', async (_name, url) => {
    expect(() => checkTarget(url)).toThrow(PreviewRefused);
    expect(await refusal(url)).toBe('address');
  });

  it.each([
    ['ftp', 'ftp://example.com/file', 'scheme'],
    ['file', 'file:///etc/passwd', 'scheme'],
    ['javascript', 'javascript:alert(1)', 'scheme'],
    ['data', 'data:text/html,<title>x</title>', 'scheme'],
    ['gopher', 'gopher://example.com/', 'scheme'],
    ['a port other than 80/443', 'http://example.com:8080/', 'port'],
    ['ssh port over https', 'https://example.com:22/', 'port'],
    ['credentials in the URL', 'http://user:secret@example.com/', 'credentials'],
    ['not a URL', 'not a url', 'invalid-url'],
  ])('refuses %s', async (_name, url, reason) => {
    expect(await refusal(url)).toBe(reason);
  });

  it('accepts public unicast addresses and the standard ports', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '2a00:1450:4001:81c::200e']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.1.2.3', '::1', '::ffff:8.8.8.8', 'not-an-ip']) expect(isPublicAddress(a), a).toBe(false);
    expect(checkTarget('https://example.com/page#frag').href).toBe('https://example.com/page');
    expect(checkTarget('http://example.com:80/').href).toBe('http://example.com/');
    expect(checkTarget('http://example.com:443/').port).toBe('443');
  });
});

describe('connect-time checks (DNS rebinding)', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name that resolves to a loopback address', async () => {
    expect(await refusal('http://innocent.example/', { testResolve: resolveTo('127.0.0.1') })).toBe('address');
  });

  it('refuses a name when any of its addresses is internal', async () => {
    expect(await refusal('http://mixed.example/', { testResolve: resolveTo('93.184.216.34', '10.0.0.7') })).toBe('address');
    expect(await refusal('http://v6.example/', { testResolve: resolveTo('::ffff:169.254.169.254') })).toBe('address');
  });

  it('refuses localhost through the real resolver', async () => {
    expect(await refusal('http://localhost/')).toBe('address');
  });

  it('connects to the address the guarded lookup returned (allow-listed test server by name)', async () => {
    const got = await fetchPage(`http://preview-test.example:${port}/og`, { testAllowList: allow, testResolve: resolveTo('127.0.0.1') });
    expect(got.html).toContain('Form shooting');
  });

  it('the allow-list covers exactly the listed address and port', async () => {
    expect(await refusal(`${base}/og`)).toBe('port');
    expect(await refusal(`http://127.0.0.2:${port}/og`, { testAllowList: allow })).toBe('address');
    expect(await refusal(`http://127.0.0.1:${port + 1}/og`, { testAllowList: { addresses: ['127.0.0.1'], ports: [] } })).toBe('port');
  });
});

describe('fetching (against the allow-listed local server)', () => {
  it('reads og tags, decodes entities, collapses whitespace and makes og:image absolute', async () => {
    const got = await fetchPage(`${base}/og`, { testAllowList: allow });
    expect(parseOg(got.html, got.url)).toEqual({
      title: 'Form shooting & footwork',
      description: 'A progression for young players.',
      image: `${base}/img/cover.png`,
    });
  });

  it('falls back to <title> and the meta description', async () => {
    const got = await fetchPage(`${base}/fallback`, { testAllowList: allow });
    expect(parseOg(got.html, got.url)).toEqual({ title: 'Plain page', description: 'Described by meta', image: '' });
  });

  it('drops an og:image that is not http(s)', async () => {
    const got = await fetchPage(`${base}/bad-image`, { testAllowList: allow });
    expect(parseOg(got.html, got.url).image).toBe('');
  });

  it('decompresses gzip bodies', async () => {
    const got = await fetchPage(`${base}/gzip`, { testAllowList: allow });
    expect(parseOg(got.html, got.url).title).toBe('Compressed');
  });

  it('stops reading at 1 MB', async () => {
    expect(MAX_BYTES).toBe(1024 * 1024);
    const got = await fetchPage(`${base}/big`, { testAllowList: allow });
    expect(Buffer.byteLength(got.html)).toBeLessThanOrEqual(MAX_BYTES);
    expect(parseOg(got.html, got.url).title).toBe('Big page');
  });

  it('refuses anything but HTML and non-2xx answers', async () => {
    expect(await refusal(`${base}/json`, { testAllowList: allow })).toBe('not-html');
    expect(await refusal(`${base}/error`, { testAllowList: allow })).toBe('status');
  });

  it('gives up after 3 seconds', async () => {
    expect(TIMEOUT_MS).toBe(3000);
    const started = nowMs();
    expect(await refusal(`${base}/slow`, { testAllowList: allow })).toBe('timeout');
    const took = nowMs() - started;
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(4500);
  });

  it('follows up to 3 redirects and refuses a 4th', async () => {
    const ok = await fetchPage(`${base}/chain/3`, { testAllowList: allow });
    expect(parseOg(ok.html, ok.url).title).toBe('End of chain');
    expect(ok.url.pathname).toBe('/chain/0');
    expect(await refusal(`${base}/chain/4`, { testAllowList: allow })).toBe('redirects');
  });

  it('re-checks every redirect target', async () => {
    expect(await refusal(`${base}/to-private`, { testAllowList: allow })).toBe('address');
    expect(await refusal(`${base}/to-metadata`, { testAllowList: allow })).toBe('address');
    expect(await refusal(`${base}/to-decimal-loopback`, { testAllowList: allow })).toBe('address');
    expect(await refusal(`${base}/to-file`, { testAllowList: allow })).toBe('scheme');
    expect(await refusal(`${base}/to-unlisted-port`, { testAllowList: allow })).toBe('port');
  });
});

describe('preview cache', () => {
  let t: TestApp;
  const log = { info: () => {}, warn: () => {} };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('caches a success for a day and a failure for an hour', async () => {
    const deps = (now: number) => ({ log, fetch: { testAllowList: allow }, now: () => now });
    const start = Date.parse('2030-01-01T00:00:00.000Z');
    const url = `${base}/fallback`;
    hits.delete('/fallback');
    const first = await getPreview(t.db, url, deps(start));
    expect(first).toEqual({ success: true, title: 'Plain page', description: 'Described by meta', image: '' });
    expect((await findCached(t.db, url))?.success).toBe(true);
    await getPreview(t.db, url, deps(start + SUCCESS_TTL_MS - 1000));
    expect(hits.get('/fallback')).toBe(1);
    await getPreview(t.db, url, deps(start + SUCCESS_TTL_MS + 1000));
    expect(hits.get('/fallback')).toBe(2);

    const failing = `${base}/json`;
    hits.delete('/json');
    expect((await getPreview(t.db, failing, deps(start))).success).toBe(false);
    expect((await findCached(t.db, failing))?.success).toBe(false);
    await getPreview(t.db, failing, deps(start + FAILURE_TTL_MS - 1000));
    expect(hits.get('/json')).toBe(1);
    await getPreview(t.db, failing, deps(start + FAILURE_TTL_MS + 1000));
    expect(hits.get('/json')).toBe(2);
  });

  it('fetches a URL once when many cards ask at the same time', async () => {
    hits.delete('/og');
    const deps = { log, fetch: { testAllowList: allow } };
    const all = await Promise.all(Array.from({ length: 5 }, () => getPreview(t.db, `${base}/og`, deps)));
    expect(new Set(all.map((p) => p.title))).toEqual(new Set(['Form shooting & footwork']));
    expect(hits.get('/og')).toBe(1);
  });
});
