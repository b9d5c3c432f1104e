// §11.7 refused destination ranges: private, loopback, link-local, shared, benchmarking, multicast and
// reserved space, and IPv6 addresses judged by the IPv4 address they embed (mapped, compatible, NAT64, 6to4).
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

/** The IPv4 address an IPv6 address embeds by one of §11.7's prefixes, or undefined. */
export function embeddedIPv4(ip: string): string | undefined {
  const g = groups(ip);
  if (g.length !== 8) return undefined;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!); // ::ffff:0:0/96, mapped
  if (zero(0, 6) && !(g[6] === 0 && g[7]! <= 1)) return v4(g[6]!, g[7]!); // ::/96, compatible (not :: or ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4(g[6]!, g[7]!); // 64:ff9b::/96, NAT64
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!); // 2002::/16, 6to4
  return undefined;
}

/** Whether a destination address (IPv4 or IPv6 literal) is in a refused range; anything else is refused. */
export function isRefusedAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return refused.check(ip, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIPv4(ip);
  if (inner !== undefined) return refused.check(inner, 'ipv4');
  return refused.check(ip.split('%')[0]!, 'ipv6');
}
