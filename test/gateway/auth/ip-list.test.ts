import { describe, expect, it } from 'vitest';
import { compileIpList } from '../../../src/gateway/auth/ip-list';
import { permits } from '../../../src/gateway/auth/permissions';

describe('ip_white_list', () => {
  it('allows any address when empty', () => {
    expect(compileIpList([])('203.0.113.9')).toBe(true);
  });

  it('matches IPv4 addresses and CIDR blocks, including IPv4-mapped client addresses', () => {
    const allow = compileIpList(['192.0.2.10', '10.1.0.0/16']);
    expect(allow('192.0.2.10')).toBe(true);
    expect(allow('::ffff:192.0.2.10')).toBe(true);
    expect(allow('192.0.2.11')).toBe(false);
    expect(allow('10.1.255.3')).toBe(true);
    expect(allow('10.2.0.1')).toBe(false);
  });

  it('matches IPv6 addresses and blocks without confusing families', () => {
    const allow = compileIpList(['2001:db8::/32', '::1']);
    expect(allow('2001:db8:1::5')).toBe(true);
    expect(allow('::1')).toBe(true);
    expect(allow('2001:db9::1')).toBe(false);
    expect(allow('127.0.0.1')).toBe(false);
  });

  it('refuses a client address it cannot parse', () => {
    expect(compileIpList(['10.0.0.0/8'])('not-an-ip')).toBe(false);
  });
});

describe('permission_list', () => {
  it('allows exact points and product wildcards only', () => {
    expect(permits(['2582-20'], '2582-20')).toBe(true);
    expect(permits(['2582-20'], '2582-2')).toBe(false);
    expect(permits(['2582-*'], '2582-11')).toBe(true);
    expect(permits(['2582-*'], '1917-1')).toBe(false);
    expect(permits(['25-*'], '2582-1')).toBe(false);
    expect(permits([], '1917-1')).toBe(false);
  });
});
