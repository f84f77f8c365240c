import { describe, expect, it } from 'vitest';
import { parseAddress, refusalReason } from '../../../src/gateway/fetch/address';
import { addressAllowed, EMPTY_ALLOW_LIST, hostAllowed, parseFetchAllow } from '../../../src/gateway/fetch/allow';
import { checkAddress, checkHostName } from '../../../src/gateway/fetch/guard';
import { GatewayError } from '../../../src/gateway/errors';

function reason(text: string): string | undefined {
  const ip = parseAddress(text);
  if (!ip) throw new Error(`test address ${text} did not parse`);
  return refusalReason(ip);
}

describe('refusalReason', () => {
  it.each([
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['169.254.1.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.127.255.254', 'a carrier-grade NAT address'],
    ['198.18.0.1', 'a reserved address'],
    ['192.0.2.1', 'a reserved address'],
    ['203.0.113.9', 'a reserved address'],
    ['240.0.0.1', 'a reserved address'],
    ['255.255.255.255', 'a broadcast address'],
    ['2001:db8::1', 'a reserved address'],
    ['2001:2::1', 'a benchmarking address'],
    ['::7f00:1', 'a reserved address'], // IPv4-compatible ::127.0.0.1
    ['169.254.169.254', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['100.100.100.200', 'a cloud metadata address'],
  ])('%s is %s', (address, words) => {
    expect(reason(address)).toBe(words);
  });

  it.each([
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:169.254.169.254', 'a cloud metadata address'],
  ])('IPv4-mapped %s is judged as its IPv4 address: %s', (address, words) => {
    expect(reason(address)).toBe(words);
  });

  it('judges NAT64 and 6to4 addresses by the IPv4 address they carry', () => {
    expect(reason('64:ff9b::7f00:1')).toBe('a loopback address (embedded in an IPv6 address)');
    expect(reason('2002:a00:1::1')).toBe('a private address (embedded in an IPv6 address)');
    expect(reason('64:ff9b::5db8:d822')).toBeUndefined(); // 93.184.216.34
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001::200e'])('%s is public', (address) => {
    expect(reason(address)).toBeUndefined();
  });

  it('takes only canonical spellings from a resolver', () => {
    expect(parseAddress('0x7f.1')).toBeUndefined();
    expect(parseAddress('2130706433')).toBeUndefined();
    expect(parseAddress('[::1]')?.toString()).toBe('::1');
  });
});

describe('parseFetchAllow', () => {
  it('reads hosts, wildcards, addresses and CIDR blocks', () => {
    const allow = parseFetchAllow(' 127.0.0.1, 10.0.0.0/8 ,Images.Intra.,*.corp.example,[::1],fd00::/8,,');
    expect(allow.hosts).toEqual([['images.intra', undefined]]);
    expect(allow.suffixes).toEqual([['.corp.example', undefined]]);
    expect(allow.networks.map(([ip, prefix]) => `${ip.toString()}/${prefix}`)).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      '::1/128',
      'fd00::/8',
    ]);
  });

  it('matches addresses by network and hosts by name', () => {
    const allow = parseFetchAllow('10.0.0.0/8,images.intra,*.corp.example');
    expect(addressAllowed(allow, parseAddress('10.20.30.40')!)).toBe(true);
    expect(addressAllowed(allow, parseAddress('::ffff:10.0.0.1')!)).toBe(true);
    expect(addressAllowed(allow, parseAddress('11.0.0.1')!)).toBe(false);
    expect(hostAllowed(allow, 'IMAGES.intra.')).toBe(true);
    expect(hostAllowed(allow, 'a.b.corp.example')).toBe(true);
    expect(hostAllowed(allow, 'corp.example')).toBe(false);
    expect(hostAllowed(allow, 'images.intra.evil.example')).toBe(false);
  });

  it('turns an IPv4-mapped CIDR into its IPv4 block', () => {
    const allow = parseFetchAllow('::ffff:192.168.0.0/112');
    expect(allow.networks.map(([ip, prefix]) => `${ip.toString()}/${prefix}`)).toEqual(['192.168.0.0/16']);
  });

  it.each(['10.0.0.0/33', '10.0.0.0/x', 'not a host', 'bad_/host!', '10.0.0', '0x7f.1/8', '::1/129'])(
    'refuses the bad entry %s, naming it',
    (entry) => {
      expect(() => parseFetchAllow(`127.0.0.1,${entry}`)).toThrow(entry);
    },
  );

  it('reads a port after host names, IPv4 addresses and blocks, and bracketed IPv6', () => {
    const allow = parseFetchAllow('images.intra:8080,*.corp.example:443,10.0.0.1:9000,10.1.0.0/16:80,[::1]:8443,[fd00::/8]:443,[::2],fd01::3');
    expect(allow.hosts).toEqual([['images.intra', 8080]]);
    expect(allow.suffixes).toEqual([['.corp.example', 443]]);
    expect(allow.networks.map(([ip, prefix, port]) => `${ip.toString()}/${prefix} ${port}`)).toEqual([
      '10.0.0.1/32 9000',
      '10.1.0.0/16 80',
      '::1/128 8443',
      'fd00::/8 443',
      '::2/128 undefined',
      'fd01::3/128 undefined',
    ]);
    expect(hostAllowed(allow, 'images.intra', false, 8080)).toBe(true);
    expect(hostAllowed(allow, 'images.intra', false, 22)).toBe(false);
    expect(hostAllowed(allow, 'a.corp.example', false, 443)).toBe(true);
    expect(addressAllowed(allow, parseAddress('10.1.2.3')!, false, 80)).toBe(true);
    expect(addressAllowed(allow, parseAddress('10.1.2.3')!, false, 6379)).toBe(false);
    expect(addressAllowed(allow, parseAddress('::2')!, false, 6379)).toBe(true);
    for (const bad of ['images.intra:0', 'images.intra:65536', 'images.intra:http', '[::1', '[::1]x']) expect(() => parseFetchAllow(bad)).toThrow(bad);
  });

  it('is empty for an empty setting', () => {
    expect(parseFetchAllow('')).toEqual(EMPTY_ALLOW_LIST);
    expect(parseFetchAllow(' , ')).toEqual(EMPTY_ALLOW_LIST);
  });
});

describe('checkAddress', () => {
  function detailOf(run: () => void): string | undefined {
    try {
      run();
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).codeName).toBe('INPUT_UNREADABLE');
      return (error as GatewayError).detail;
    }
  }

  it('refuses with the address and the reason in plain words', () => {
    expect(detailOf(() => checkAddress('127.0.0.1', undefined, EMPTY_ALLOW_LIST))).toBe(
      'address not allowed: 127.0.0.1 is a loopback address',
    );
    expect(detailOf(() => checkAddress('8.8.8.8', undefined, EMPTY_ALLOW_LIST))).toBeUndefined();
  });

  it('lets the allow list open private addresses, by network or by host name', () => {
    expect(detailOf(() => checkAddress('10.1.2.3', undefined, parseFetchAllow('10.0.0.0/8')))).toBeUndefined();
    expect(detailOf(() => checkAddress('10.1.2.3', 'images.intra', parseFetchAllow('images.intra')))).toBeUndefined();
    expect(detailOf(() => checkAddress('10.1.2.3', 'other.intra', parseFetchAllow('images.intra')))).toMatch(/private/);
  });

  it('opens metadata addresses only by an exact entry, never through a network or a wildcard', () => {
    expect(detailOf(() => checkAddress('169.254.169.254', undefined, parseFetchAllow('169.254.0.0/16')))).toMatch(
      /169\.254\.169\.254 is a cloud metadata address/,
    );
    expect(detailOf(() => checkAddress('169.254.169.254', 'img.intra', parseFetchAllow('img.intra')))).toMatch(/metadata/);
    expect(detailOf(() => checkAddress('169.254.169.254', undefined, parseFetchAllow('169.254.169.254')))).toBeUndefined();
    expect(detailOf(() => checkHostName('metadata.google.internal', parseFetchAllow('*.google.internal')))).toBe(
      'address not allowed: metadata.google.internal is a cloud metadata host',
    );
    expect(detailOf(() => checkHostName('Metadata.Google.Internal.', parseFetchAllow('metadata.google.internal')))).toBeUndefined();
  });
});
