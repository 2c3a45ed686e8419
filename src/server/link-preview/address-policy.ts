import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which destinations a link preview may reach (docs/product.md#errors). Only public unicast addresses on the
 * standard web ports; everything a server-side request could abuse (loopback, private networks,
 * link-local cloud metadata, CGNAT, multicast, reserved and documentation ranges, IPv4-mapped or
 * -compatible IPv6, NAT64/6to4/Teredo tunnels that can wrap an internal IPv4) is refused.
 */
export const ALLOWED_PORTS = [80, 443] as const;

/**
 * Test-only escape hatch: exact addresses (and the ports they may use) the fetcher may reach even
 * though the policy refuses them. It is an argument of the fetcher and nothing else — no environment
 * variable or config key can set it, so production can never enable it by accident.
 */
export interface TestAllowList {
  addresses: string[];
  ports: number[];
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  // IPv4-mapped (::ffff:a.b.c.d) is refused outright, not unwrapped: a public mapped address has no
  // legitimate use here and unwrapping is where filters usually go wrong.
  if (v6.isIPv4MappedAddress()) return false;
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** Canonical text of an address (so '::ffff:7f00:1' and '0:0:0:0:0:ffff:127.0.0.1' compare equal). */
export function canonicalAddress(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.parse(address).toNormalizedString() : address;
}

export function addressAllowed(address: string, allow?: TestAllowList): boolean {
  if (allow?.addresses.some((a) => canonicalAddress(a) === canonicalAddress(address))) return true;
  return isPublicAddress(address);
}

export type Refusal = 'invalid-url' | 'scheme' | 'port' | 'credentials' | 'address';

export class PreviewRefused extends Error {
  constructor(
    readonly reason: Refusal | 'dns' | 'redirects' | 'timeout' | 'too-large' | 'not-html' | 'status' | 'network',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/**
 * Parses and checks a URL before any connection. The WHATWG parser already turns every IPv4 spelling
 * (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, short 127.1) into dotted form, so the literal
 * check below sees the real address. Host names are checked again at connect time (see fetcher).
 */
export function checkTarget(raw: string, allow?: TestAllowList): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PreviewRefused('invalid-url', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PreviewRefused('scheme', url.protocol);
  if (url.username || url.password) throw new PreviewRefused('credentials', url.host);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const portOk = (ALLOWED_PORTS as readonly number[]).includes(port) || (allow?.ports.includes(port) ?? false);
  if (!portOk) throw new PreviewRefused('port', String(port));
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) !== 0 && !addressAllowed(host, allow)) throw new PreviewRefused('address', host);
  url.hash = '';
  return url;
}
