import { isIP } from 'node:net';

/**
 * What an IP address is, for the SSRF guard. `public` is the only kind a registered URL may reach by
 * default; the "private" kinds (see {@link PRIVATE_KINDS}) are reachable when the operator allows private
 * addresses; every other kind is never a place an MCP server can be (or, for `metadata`, must be) reached.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'unique-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation';

/** An address, its kind and the range that decided it (`127.0.0.0/8`, `::ffff:0:0/96 → 10.0.0.0/8`). */
export interface AddressClass {
  address: string;
  kind: AddressKind;
  range: string;
  /** The range's name for messages: "loopback", "private network (RFC 1918)", … */
  name: string;
}

/**
 * Kinds an operator may open with `allowPrivate` (a self-hosted instance capturing servers on its own
 * network). Metadata endpoints stay closed even then: they hand out cloud credentials and are never an
 * MCP server; unspecified, multicast, broadcast, reserved and documentation addresses are not
 * destinations at all.
 */
export const PRIVATE_KINDS: ReadonlySet<AddressKind> = new Set(['loopback', 'private', 'cgnat', 'link-local', 'unique-local']);

/** Whether a connection to an address of this class may be made. */
export function addressAllowed(found: AddressClass, allowPrivate: boolean): boolean {
  return found.kind === 'public' || (allowPrivate && PRIVATE_KINDS.has(found.kind));
}

/**
 * Host names of cloud metadata services. They resolve to link-local addresses (refused anyway), but are
 * refused by name too, so a resolver that answers differently (a split-horizon DNS) cannot open them.
 */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

/** Whether a host name (any case, trailing dot or not) is a cloud metadata service's name. */
export function isMetadataHostName(hostname: string): boolean {
  return METADATA_NAMES.has(hostname.toLowerCase().replace(/\.$/, ''));
}

interface Range {
  net: bigint;
  bits: number;
  text: string;
  kind: AddressKind;
  name: string;
  /** For IPv6 ranges that carry an IPv4 address: where it sits (bit offset from the top), classified in turn. */
  embedsV4At?: number;
}

function v4(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** 8 groups of 16 bits as a 128-bit number; undefined when not an IPv6 address. */
function v6(text: string): bigint | undefined {
  let s = text.replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (isIP(s) !== 6) return undefined;
  // A trailing dotted quad (::ffff:1.2.3.4) is two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (quad?.[1] !== undefined) {
    const n = v4(quad[1]);
    s = `${s.slice(0, -quad[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = s.split('::') as [string, string | undefined];
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

const range4 = (cidr: string, kind: AddressKind, name: string): Range => {
  const [net = '', bits = '32'] = cidr.split('/');
  return { net: v4(net), bits: Number(bits), text: cidr, kind, name };
};
const range6 = (cidr: string, kind: AddressKind, name: string, embedsV4At?: number): Range => {
  const [net = '', bits = '128'] = cidr.split('/');
  const value = v6(net);
  if (value === undefined) throw new Error(`bad IPv6 range ${cidr}`);
  return { net: value, bits: Number(bits), text: cidr, kind, name, ...(embedsV4At === undefined ? {} : { embedsV4At }) };
};

// The IANA special-purpose registries (RFC 6890 and later), plus the metadata endpoints clouds put inside
// them. Sorted longest prefix first, so the most specific range decides whatever order they are listed in.
const bySpecificity = (a: Range, b: Range): number => b.bits - a.bits;

const V4: readonly Range[] = [
  range4('0.0.0.0/32', 'unspecified', 'unspecified address'),
  range4('0.0.0.0/8', 'reserved', '"this network" (RFC 791)'),
  range4('10.0.0.0/8', 'private', 'private network (RFC 1918)'),
  range4('100.64.0.0/10', 'cgnat', 'carrier-grade NAT (RFC 6598)'),
  range4('100.100.100.200/32', 'metadata', 'cloud metadata service (Alibaba Cloud)'),
  range4('127.0.0.0/8', 'loopback', 'loopback'),
  range4('169.254.0.0/16', 'link-local', 'link-local'),
  range4('169.254.169.254/32', 'metadata', 'cloud metadata service (AWS, GCP, Azure, …)'),
  range4('169.254.170.2/32', 'metadata', 'cloud metadata service (AWS ECS task credentials)'),
  range4('172.16.0.0/12', 'private', 'private network (RFC 1918)'),
  range4('192.0.0.0/24', 'reserved', 'IETF protocol assignments (RFC 6890)'),
  range4('192.0.0.192/32', 'metadata', 'cloud metadata service (Oracle Cloud)'),
  range4('192.0.2.0/24', 'documentation', 'documentation (TEST-NET-1)'),
  range4('192.88.99.0/24', 'reserved', '6to4 relay anycast (deprecated)'),
  range4('192.168.0.0/16', 'private', 'private network (RFC 1918)'),
  range4('198.18.0.0/15', 'reserved', 'benchmarking (RFC 2544)'),
  range4('198.51.100.0/24', 'documentation', 'documentation (TEST-NET-2)'),
  range4('203.0.113.0/24', 'documentation', 'documentation (TEST-NET-3)'),
  range4('224.0.0.0/4', 'multicast', 'multicast'),
  range4('240.0.0.0/4', 'reserved', 'reserved (class E)'),
  range4('255.255.255.255/32', 'broadcast', 'broadcast'),
].sort(bySpecificity);

const V6: readonly Range[] = [
  range6('::/128', 'unspecified', 'unspecified address'),
  range6('::1/128', 'loopback', 'loopback'),
  // The IPv4 address inside decides: ::ffff:127.0.0.1 is loopback, ::ffff:8.8.8.8 is public.
  range6('::ffff:0:0/96', 'reserved', 'IPv4-mapped', 96),
  range6('::/96', 'reserved', 'IPv4-compatible (deprecated)'),
  range6('64:ff9b::/96', 'reserved', 'NAT64', 96),
  range6('64:ff9b:1::/48', 'private', 'local-use NAT64 (RFC 8215)'),
  range6('100::/64', 'reserved', 'discard-only (RFC 6666)'),
  range6('2001::/23', 'reserved', 'IETF protocol assignments (Teredo, benchmarking, ORCHID, …)'),
  range6('2001:db8::/32', 'documentation', 'documentation'),
  range6('2002::/16', 'reserved', '6to4', 16),
  range6('3fff::/20', 'documentation', 'documentation (RFC 9637)'),
  range6('fc00::/7', 'unique-local', 'unique-local'),
  range6('fd00:ec2::254/128', 'metadata', 'cloud metadata service (AWS, IPv6)'),
  range6('fe80::/10', 'link-local', 'link-local'),
  range6('fec0::/10', 'reserved', 'site-local (deprecated)'),
  range6('ff00::/8', 'multicast', 'multicast'),
].sort(bySpecificity);

/** Only 2000::/3 is handed out as global unicast; everything outside it (and not listed above) is reserved. */
const GLOBAL_UNICAST = range6('2000::/3', 'public', 'global unicast');

const within = (value: bigint, width: number, r: Range): boolean => value >> BigInt(width - r.bits) === r.net >> BigInt(width - r.bits);

function classify4(address: string, value: bigint): AddressClass {
  const r = V4.find((candidate) => within(value, 32, candidate));
  return r === undefined ? { address, kind: 'public', range: 'public IPv4', name: 'public' } : { address, kind: r.kind, range: r.text, name: r.name };
}

/**
 * Classify an IP address (IPv4, or IPv6 with or without brackets and zone). IPv4 addresses carried inside
 * IPv6 (IPv4-mapped, NAT64, 6to4) are classified by the IPv4 address, so none of them is a way around the
 * IPv4 ranges. Throws a TypeError for anything that is not an IP address.
 */
export function classifyAddress(address: string): AddressClass {
  if (isIP(address) === 4) return classify4(address, v4(address));
  const value = v6(address);
  if (value === undefined) throw new TypeError(`not an IP address: ${JSON.stringify(address)}`);
  const r = V6.find((candidate) => within(value, 128, candidate));
  if (r?.embedsV4At !== undefined) {
    const inner = (value >> BigInt(128 - r.embedsV4At - 32)) & 0xffffffffn;
    const dotted = [24n, 16n, 8n, 0n].map((shift) => String((inner >> shift) & 0xffn)).join('.');
    const found = classify4(dotted, inner);
    return { address, kind: found.kind, range: `${r.text} → ${found.range}`, name: `${r.name} ${found.name}` };
  }
  if (r !== undefined) return { address, kind: r.kind, range: r.text, name: r.name };
  if (within(value, 128, GLOBAL_UNICAST)) return { address, kind: 'public', range: 'public IPv6', name: 'public' };
  return { address, kind: 'reserved', range: 'outside 2000::/3', name: 'reserved (not global unicast)' };
}
