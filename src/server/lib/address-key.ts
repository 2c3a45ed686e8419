import { isIPv4, isIPv6 } from 'node:net';

/**
 * What a per-address limit counts by: an IPv4 address as it is, an IPv6 address by its /64 (one home
 * or phone is given a whole /64 and picks any address in it, RFC 4291), an IPv4-mapped IPv6 address
 * as its IPv4 address.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return `${expand(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros (a zone id is dropped). */
function expand(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const part = (s: string) => (s ? s.split(':') : []);
  let left = part(head);
  let right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 tail (::1.2.3.4 and the like) is two groups.
  const toGroups = (groups: string[]) => groups.flatMap((g) => (g.includes('.') ? v4Groups(g) : [g]));
  left = toGroups(left);
  right = toGroups(right);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => (parseInt(g, 16) || 0).toString(16));
}

function v4Groups(v4: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
