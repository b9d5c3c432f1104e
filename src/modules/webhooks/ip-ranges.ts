// §11.7 refused destination ranges: private, loopback, link-local, shared, benchmarking, multicast and
// reserved space, and IPv6 addresses judged by the IPv4 addresses they embed (mapped, translated,
// compatible, NAT64 well-known and local-use, 6to4, Teredo).
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, prefix, 'ipv4');
refused.addAddress('::', 'ipv6');
refused.addAddress('::1', 'ipv6');
for (const [net, prefix] of [['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) refused.addSubnet(net, prefix, 'ipv6');

/** The 8 groups of an IPv6 address as numbers (expands `::` and a dotted IPv4 tail). */
function groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => parseInt(g || '0', 16));
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 addresses an IPv6 address embeds by one of §11.7's prefixes ([] for none). A packet to it
 * reaches (or passes through) each of them, so each is judged.
 */
export function embeddedIPv4s(ip: string): string[] {
  const g = groups(ip);
  if (g.length !== 8) return [];
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return [v4(g[6]!, g[7]!)]; // ::ffff:0:0/96, mapped
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [v4(g[6]!, g[7]!)]; // ::ffff:0:0:0/96, translated (RFC 2765)
  if (zero(0, 6) && !(g[6] === 0 && g[7]! <= 1)) return [v4(g[6]!, g[7]!)]; // ::/96, compatible (not :: or ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return [v4(g[6]!, g[7]!)]; // 64:ff9b::/96, NAT64
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1 && zero(3, 6)) return [v4(g[6]!, g[7]!)]; // 64:ff9b:1::/48 in its /96 form (RFC 8215)
  if (g[0] === 0x2002) return [v4(g[1]!, g[2]!)]; // 2002::/16, 6to4
  // 2001::/32, Teredo (RFC 4380): the client's address inverted in the last 32 bits, the server's after the prefix.
  if (g[0] === 0x2001 && g[1] === 0) return [v4(g[6]! ^ 0xffff, g[7]! ^ 0xffff), v4(g[2]!, g[3]!)];
  return [];
}

/** The first IPv4 address an IPv6 address embeds (the destination's, for Teredo), or undefined. */
export const embeddedIPv4 = (ip: string): string | undefined => embeddedIPv4s(ip)[0];

/**
 * 64:ff9b:1::/48 (local-use NAT64, RFC 8215) outside its /96 form: a network may place the IPv4 address
 * at any of RFC 6052's positions, so which one it embeds cannot be told; the prefix is not globally
 * reachable anyway, so the address is refused.
 */
function isOpaqueLocalNat64(ip: string): boolean {
  const g = groups(ip);
  return g.length === 8 && g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1 && embeddedIPv4s(ip).length === 0;
}

/** Whether a destination address (IPv4 or IPv6 literal) is in a refused range; anything else is refused. */
export function isRefusedAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return refused.check(ip, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIPv4s(ip);
  if (inner.length > 0) return inner.some((a) => refused.check(a, 'ipv4'));
  if (isOpaqueLocalNat64(ip)) return true;
  return refused.check(ip.split('%')[0]!, 'ipv6');
}
