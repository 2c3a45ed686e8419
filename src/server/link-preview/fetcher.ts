import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { addressAllowed, checkTarget, PreviewRefused, type TestAllowList } from './address-policy.js';

export const MAX_REDIRECTS = 3;
export const TIMEOUT_MS = 3000;
export const MAX_BYTES = 1024 * 1024;

export interface FetchOptions {
  /** TEST ONLY: addresses/ports the policy would refuse (a local test server). Never from config. */
  testAllowList?: TestAllowList;
  /** TEST ONLY: stands in for DNS so rebinding-style names can be proven refused without a network. */
  testResolve?: (hostname: string) => Promise<LookupAddress[]>;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface FetchedPage {
  /** The address the page finally came from (after redirects): base for relative og:image links. */
  url: URL;
  html: string;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A lookup for the socket that refuses any resolved address outside the policy. Node connects to the
 * address this returns, so the check applies to the address actually connected to — a name that
 * resolves to a public address for the first check and to 127.0.0.1 later (DNS rebinding) is
 * refused at connect time.
 */
function guardedLookup(options: FetchOptions): LookupFunction {
  const resolveAll = (hostname: string): Promise<LookupAddress[]> =>
    options.testResolve
      ? options.testResolve(hostname)
      : new Promise((resolve, reject) =>
          dnsLookup(hostname, { all: true, verbatim: true } as LookupAllOptions, (err, addrs) => (err ? reject(err) : resolve(addrs))),
        );
  return ((hostname: string, opts: LookupOneOptions | LookupAllOptions, cb: LookupCallback) => {
    resolveAll(hostname).then(
      (addrs) => {
        const wanted = opts.family === 4 || opts.family === 6 ? addrs.filter((a) => a.family === opts.family) : addrs;
        if (wanted.length === 0) return cb(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        const refused = wanted.find((a) => !addressAllowed(a.address, options.testAllowList));
        if (refused) return cb(new PreviewRefused('address', `${hostname} → ${refused.address}`), '');
        if (opts.all) return cb(null, wanted);
        const first = wanted[0]!;
        return cb(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => cb(err, ''),
    );
  }) as LookupFunction;
}

function decoded(res: IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? 'identity').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

function charsetOf(contentType: string): string {
  const m = /charset\s*=\s*"?([\w-]+)"?/i.exec(contentType);
  return m?.[1] ?? 'utf-8';
}

function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

interface Hop {
  redirect?: string;
  page?: FetchedPage;
}

/** One request, no automatic redirects, no cookies; checks the connected peer once more on response. */
function requestOnce(url: URL, options: FetchOptions, signal: AbortSignal): Promise<Hop> {
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: guardedLookup(options),
        signal,
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'ClubLinkPreview/1.0 (+link preview)',
        },
      },
      (res) => {
        const peer = res.socket.remoteAddress;
        if (!peer || !addressAllowed(peer, options.testAllowList)) {
          res.destroy();
          return reject(new PreviewRefused('address', `connected to ${peer ?? 'unknown'}`));
        }
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          const location = res.headers.location;
          if (!location) return reject(new PreviewRefused('status', `${status} without location`));
          return resolve({ redirect: new URL(location, url).href });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(new PreviewRefused('status', String(status)));
        }
        const type = (res.headers['content-type'] ?? '').toLowerCase();
        if (!/^(text\/html|application\/xhtml\+xml)\b/.test(type)) {
          res.destroy();
          return reject(new PreviewRefused('not-html', type || 'no content-type'));
        }
        const declared = Number(res.headers['content-length'] ?? '0');
        if (declared > maxBytes && !res.headers['content-encoding']) {
          res.destroy();
          return reject(new PreviewRefused('too-large', `${declared} bytes`));
        }
        // Past the cap the rest is dropped: og tags live in <head>, and memory stays bounded even
        // for a compressed body that expands enormously.
        const chunks: Buffer[] = [];
        let size = 0;
        const body = decoded(res);
        const finish = () => resolve({ page: { url, html: decodeText(Buffer.concat(chunks).subarray(0, maxBytes), charsetOf(type)) } });
        body.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBytes) {
            body.removeAllListeners('data');
            res.destroy();
            finish();
          }
        });
        body.on('end', finish);
        body.on('error', (e) => reject(new PreviewRefused('network', e.message)));
        // A piped decompressor does not see the socket dying (timeout abort, peer reset).
        res.on('error', (e) => reject(new PreviewRefused('network', e.message)));
        res.on('close', () => {
          if (!res.complete && size < maxBytes) reject(new PreviewRefused('network', 'connection closed early'));
        });
      },
    );
    req.on('error', (e) => reject(e instanceof PreviewRefused ? e : new PreviewRefused(signal.aborted ? 'timeout' : 'network', e.message)));
    req.end();
  });
}

/**
 * Fetches an HTML page for a link preview under the SSRF rules of docs/product.md#errors: every hop (the first
 * URL and each redirect target, at most 3) is checked before connecting and at connect time; the whole
 * exchange has one 3-second deadline.
 */
export async function fetchPage(raw: string, options: FetchOptions = {}): Promise<FetchedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? TIMEOUT_MS);
  try {
    let next = raw;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const url = checkTarget(next, options.testAllowList);
      const result = await requestOnce(url, options, controller.signal).catch((e: unknown) => {
        if (controller.signal.aborted) throw new PreviewRefused('timeout', url.href);
        throw e;
      });
      if (result.page) return result.page;
      next = result.redirect!;
    }
    throw new PreviewRefused('redirects', `more than ${MAX_REDIRECTS}`);
  } finally {
    clearTimeout(timer);
  }
}
