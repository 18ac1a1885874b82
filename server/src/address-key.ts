// What per-address limits count by. An IPv4 address is one client; an IPv6 host usually owns a whole /64
// (and can pick any address in it), so IPv6 addresses are counted by their /64. IPv4-mapped IPv6
// (`::ffff:192.0.2.1`, how a dual-stack listener reports IPv4 clients) is the IPv4 address.
import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail becomes the last two). */
function groupsOf(address: string): number[] {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split('::') as [string, string | undefined];
  if (tail === undefined) return parse(head);
  const front = parse(head);
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The key a per-address limit counts `address` under: IPv4 as is, IPv6 as its /64 (`2001:db8:1:2::/64`). */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const g = groupsOf(address.replace(/%.*$/, ''));
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.${g[7]! & 0xff}`;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
