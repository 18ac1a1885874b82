import { describe, expect, it } from 'vitest';
import { addressAllowed, classifyAddress, isMetadataHostName, type AddressKind } from './address-ranges.js';

// [address, kind, deciding range]
const TABLE: [string, AddressKind, string][] = [
  // IPv4 edges of every range, and the first address outside it
  ['0.0.0.0', 'unspecified', '0.0.0.0/32'],
  ['0.1.2.3', 'reserved', '0.0.0.0/8'],
  ['1.1.1.1', 'public', 'public IPv4'],
  ['9.255.255.255', 'public', 'public IPv4'],
  ['10.0.0.0', 'private', '10.0.0.0/8'],
  ['10.255.255.255', 'private', '10.0.0.0/8'],
  ['11.0.0.0', 'public', 'public IPv4'],
  ['100.63.255.255', 'public', 'public IPv4'],
  ['100.64.0.0', 'cgnat', '100.64.0.0/10'],
  ['100.127.255.255', 'cgnat', '100.64.0.0/10'],
  ['100.100.100.200', 'metadata', '100.100.100.200/32'],
  ['100.128.0.0', 'public', 'public IPv4'],
  ['127.0.0.1', 'loopback', '127.0.0.0/8'],
  ['127.255.255.254', 'loopback', '127.0.0.0/8'],
  ['169.254.0.1', 'link-local', '169.254.0.0/16'],
  ['169.254.169.254', 'metadata', '169.254.169.254/32'],
  ['169.254.170.2', 'metadata', '169.254.170.2/32'],
  ['172.15.255.255', 'public', 'public IPv4'],
  ['172.16.0.0', 'private', '172.16.0.0/12'],
  ['172.31.255.255', 'private', '172.16.0.0/12'],
  ['172.32.0.0', 'public', 'public IPv4'],
  ['192.0.0.8', 'reserved', '192.0.0.0/24'],
  ['192.0.0.192', 'metadata', '192.0.0.192/32'],
  ['192.0.2.10', 'documentation', '192.0.2.0/24'],
  ['192.88.99.1', 'reserved', '192.88.99.0/24'],
  ['192.167.255.255', 'public', 'public IPv4'],
  ['192.168.1.1', 'private', '192.168.0.0/16'],
  ['198.18.0.1', 'reserved', '198.18.0.0/15'],
  ['198.19.255.255', 'reserved', '198.18.0.0/15'],
  ['198.20.0.0', 'public', 'public IPv4'],
  ['198.51.100.7', 'documentation', '198.51.100.0/24'],
  ['203.0.113.200', 'documentation', '203.0.113.0/24'],
  ['223.255.255.255', 'public', 'public IPv4'],
  ['224.0.0.1', 'multicast', '224.0.0.0/4'],
  ['239.255.255.255', 'multicast', '224.0.0.0/4'],
  ['240.0.0.1', 'reserved', '240.0.0.0/4'],
  ['255.255.255.254', 'reserved', '240.0.0.0/4'],
  ['255.255.255.255', 'broadcast', '255.255.255.255/32'],
  // IPv6
  ['::', 'unspecified', '::/128'],
  ['::1', 'loopback', '::1/128'],
  ['[::1]', 'loopback', '::1/128'],
  ['0:0:0:0:0:0:0:1', 'loopback', '::1/128'],
  ['::2', 'reserved', '::/96'],
  ['::127.0.0.1', 'reserved', '::/96'],
  ['::ffff:127.0.0.1', 'loopback', '::ffff:0:0/96 → 127.0.0.0/8'],
  ['::ffff:7f00:1', 'loopback', '::ffff:0:0/96 → 127.0.0.0/8'],
  ['::ffff:10.1.2.3', 'private', '::ffff:0:0/96 → 10.0.0.0/8'],
  ['::ffff:a9fe:a9fe', 'metadata', '::ffff:0:0/96 → 169.254.169.254/32'],
  ['::ffff:0.0.0.0', 'unspecified', '::ffff:0:0/96 → 0.0.0.0/32'],
  ['::ffff:8.8.8.8', 'public', '::ffff:0:0/96 → public IPv4'],
  ['64:ff9b::192.168.0.1', 'private', '64:ff9b::/96 → 192.168.0.0/16'],
  ['64:ff9b::8.8.4.4', 'public', '64:ff9b::/96 → public IPv4'],
  ['64:ff9b:1::1', 'private', '64:ff9b:1::/48'],
  ['100::1', 'reserved', '100::/64'],
  ['2001::1', 'reserved', '2001::/23'],
  ['2001:1ff:ffff::1', 'reserved', '2001::/23'],
  ['2001:200::1', 'public', 'public IPv6'],
  ['2001:db8::1', 'documentation', '2001:db8::/32'],
  ['2002:7f00:1::', 'loopback', '2002::/16 → 127.0.0.0/8'],
  ['2002:0808:0808::1', 'public', '2002::/16 → public IPv4'],
  ['2606:4700:4700::1111', 'public', 'public IPv6'],
  ['3fff:0fff::1', 'documentation', '3fff::/20'],
  ['3fff:1000::1', 'public', 'public IPv6'],
  ['fc00::1', 'unique-local', 'fc00::/7'],
  ['fdff:ffff::1', 'unique-local', 'fc00::/7'],
  ['fd00:ec2::254', 'metadata', 'fd00:ec2::254/128'],
  ['fe80::1', 'link-local', 'fe80::/10'],
  ['fe80::1%eth0', 'link-local', 'fe80::/10'],
  ['febf:ffff::1', 'link-local', 'fe80::/10'],
  ['fec0::1', 'reserved', 'fec0::/10'],
  ['ff02::1', 'multicast', 'ff00::/8'],
  ['4000::1', 'reserved', 'outside 2000::/3'],
  ['1fff:ffff::1', 'reserved', 'outside 2000::/3'],
];

describe('classifyAddress', () => {
  it.each(TABLE)('%s is %s (%s)', (address, kind, range) => {
    const found = classifyAddress(address);
    expect(found.kind).toBe(kind);
    expect(found.range).toBe(range);
    expect(found.address).toBe(address);
  });

  it('refuses to classify what is not an IP address', () => {
    for (const text of ['localhost', '', '1.2.3', '::g', '127.0.0.1.nip.io', '1.2.3.256']) {
      expect(() => classifyAddress(text), text).toThrow(TypeError);
    }
  });
});

describe('addressAllowed', () => {
  const allowed = (address: string, allowPrivate: boolean): boolean => addressAllowed(classifyAddress(address), allowPrivate);

  it('allows only public addresses by default', () => {
    expect(allowed('1.1.1.1', false)).toBe(true);
    expect(allowed('2606:4700:4700::1111', false)).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '100.64.0.1', '169.254.1.1', 'fd12::1', '::ffff:192.168.0.1', '::1']) expect(allowed(a, false), a).toBe(false);
  });

  it('with allowPrivate, opens loopback, private, CGNAT, link-local and unique-local, but never metadata or non-destinations', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '100.64.0.1', '169.254.1.1', 'fd12::1', '::ffff:192.168.0.1', '::1', 'fe80::1']) expect(allowed(a, true), a).toBe(true);
    for (const a of ['169.254.169.254', '::ffff:169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '0.0.0.0', '::', '224.0.0.1', '255.255.255.255', '240.0.0.1', '192.0.2.1', '2001:db8::1', '4000::1']) {
      expect(allowed(a, true), a).toBe(false);
    }
  });
});

describe('isMetadataHostName', () => {
  it('knows the metadata names in any case, with or without the trailing dot', () => {
    for (const name of ['metadata.google.internal', 'METADATA.google.internal.', 'metadata', 'metadata.goog', 'instance-data.ec2.internal']) {
      expect(isMetadataHostName(name), name).toBe(true);
    }
    for (const name of ['metadata.example.com', 'google.internal', 'mcp.example']) expect(isMetadataHostName(name), name).toBe(false);
  });
});
