import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses a fetch may connect to by default (DESIGN.md §5, issue 4 "Image intake").
 * The rule is "globally routable unicast only": anything else (private, loopback, link-local,
 * multicast, CGNAT, documentation/benchmarking, IPv6 transition forms that embed one of those)
 * is refused unless the operator's allow list opens it (allow.ts).
 */

export type IP = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses an address as the network stack would use it: only the canonical textual forms that
 * `net.isIP` accepts. ipaddr.js alone would also take "0x7f.1" or "2130706433"; such spellings
 * never reach us from the URL parser (it normalises them) and must not be trusted from a resolver.
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) is unwrapped so that it is judged, and allowed, as IPv4.
 */
export function parseAddress(text: string): IP | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIP(bare) === 0) return undefined;
  const ip = ipaddr.parse(bare);
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()
    ? (ip as ipaddr.IPv6).toIPv4Address()
    : ip;
}

/**
 * Instance metadata services: reading them from a cloud VM hands out credentials, so they are
 * named apart (and allow.ts opens them only by an exact entry, never through a CIDR).
 * AWS/GCP/Azure/Tencent 169.254.169.254, AWS ECS 169.254.170.2, AWS IPv6 fd00:ec2::254,
 * Alibaba Cloud 100.100.100.200, Oracle Cloud 192.0.0.192.
 */
const METADATA_ADDRESSES = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254'].map(
  (a) => ipaddr.parse(a).toNormalizedString(),
);

/** Host names of metadata services, refused before any DNS query. */
export const METADATA_HOSTS: ReadonlySet<string> = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata.tencentyun.com',
  'instance-data',
  'instance-data.ec2.internal',
]);

export function isMetadataAddress(ip: IP): boolean {
  return METADATA_ADDRESSES.includes(ip.toNormalizedString());
}

/** Plain-words names for ipaddr.js ranges; they end up in the caller-facing detail. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  reserved: 'a reserved address',
  benchmarking: 'a benchmarking address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
  teredo: 'a Teredo tunnel address',
  rfc6145: 'an IPv4-translated address',
};

/** 2000::/3 is the only IPv6 space that is globally routable today (RFC 4291 §2.4). */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Why `ip` may not be fetched from by default, as "a loopback address" etc.; undefined when it is
 * a public unicast address. Never throws. The words never contain the address itself, so they
 * can describe what a host name resolved to without telling the caller the address.
 */
export function refusalReason(ip: IP): string | undefined {
  if (isMetadataAddress(ip)) return 'a cloud metadata address';
  if (ip.kind() === 'ipv4') {
    const range = ip.range();
    // as112/amt are public anycast services; everything else ipaddr names is special-purpose.
    if (range === 'unicast' || range === 'as112' || range === 'amt') return undefined;
    return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
  }
  const v6 = ip as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const inner = refusalReason(embedded);
    return inner ? `${inner} (embedded in an IPv6 address)` : undefined;
  }
  const range: string = v6.range();
  if (range === 'unicast' || range === 'as112v6' || range === 'amt') {
    return v6.match(GLOBAL_UNICAST_V6) ? undefined : 'a reserved address';
  }
  return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
}

/**
 * The IPv4 address carried by NAT64 (64:ff9b::/96, RFC 6052) and 6to4 (2002::/16, RFC 3056)
 * addresses. They are judged by that address: DNS64 networks hand out 64:ff9b:: forms for every
 * IPv4-only image host, and 64:ff9b::7f00:1 must not become a way to reach 127.0.0.1.
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const nat64 = p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0;
  const [hi, lo] = nat64 ? [p[6], p[7]] : p[0] === 0x2002 ? [p[1], p[2]] : [undefined, undefined];
  if (hi === undefined || lo === undefined) return undefined;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}
