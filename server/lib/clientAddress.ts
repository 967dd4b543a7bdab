// The client address as the per-address limits count it (docs/SECURITY.md "Limits"). One IPv6 subscriber is
// usually given a whole /64 (2^64 addresses), so counting each IPv6 address apart would let one client rotate
// through as many counters as it likes: an IPv6 address counts by its /64. IPv4 (and IPv4 written as IPv6,
// ::ffff:a.b.c.d) counts by the address itself.
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** Which peers may report the client's address: a check of a peer's address and its hop (0 = nearest). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY (docs/DEPLOYMENT.md) as one check, given to Fastify (its trustProxy) and used by the hot till's front
 * door, so both read the same client address: the named proxies, or a hop count as that many hops nearest the
 * server (Fastify 5 ignores a bare number, failing closed); false when no peer is trusted.
 */
export function proxyTrust(tp: false | number | string[] | undefined): ProxyTrust | false {
  if (tp === undefined || tp === false) return false;
  if (typeof tp === 'number') return (_address, hop) => hop < tp;
  return proxyAddr.compile(tp);
}

/** The client's address as Fastify's request.ip reads it with the same trust. */
export function clientAddressOf(req: IncomingMessage, trust: ProxyTrust | false): string | undefined {
  if (!trust) return req.socket.remoteAddress;
  const chain = proxyAddr.all(req, trust);
  return chain[chain.length - 1];
}

/** The eight 16-bit groups of an IPv6 address (zone dropped), or null when it is not one. */
function groupsOf(ip: string): number[] | null {
  const bare = ip.split('%')[0];
  if (!isIPv6(bare)) return null;
  const [head, tail] = bare.split('::');
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  let parts = [...words(head), ...(tail === undefined ? [] : words(tail))];
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const last = parts.at(-1);
  if (last && last.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number);
    parts = [...parts.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  }
  const missing = 8 - parts.length;
  const groups =
    tail === undefined ? parts : [...words(head), ...Array(missing).fill('0'), ...parts.slice(words(head).length)];
  return groups.map((g) => parseInt(g, 16));
}

/** The key a per-address limit counts under: the IPv4 address, or an IPv6 address's /64 (`2001:db8:1:2::/64`). */
export function limitAddress(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = groupsOf(ip);
  if (!groups) return ip;
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address it carries.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
