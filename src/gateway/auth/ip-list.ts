import ipaddr from 'ipaddr.js';

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** IPv4-mapped IPv6 addresses (::ffff:1.2.3.4, as dual-stack sockets report) become plain IPv4. */
function normalise(addr: Parsed): Parsed {
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()
    ? (addr as ipaddr.IPv6).toIPv4Address()
    : addr;
}

/**
 * A compiled ip_white_list: addresses and CIDR blocks of either family. An empty list allows any
 * address. Entries were validated when the list was stored; an entry that no longer parses
 * allows nothing rather than everything.
 */
export function compileIpList(entries: readonly string[]): (ip: string) => boolean {
  if (entries.length === 0) return () => true;
  const ranges: [Parsed, number][] = [];
  for (const e of entries) {
    try {
      if (e.includes('/')) {
        const [addr, bits] = ipaddr.parseCIDR(e);
        const n = normalise(addr);
        // a mapped-IPv6 CIDR (::ffff:10.0.0.0/104) describes an IPv4 block of bits - 96
        ranges.push([n, n.kind() !== addr.kind() ? bits - 96 : bits]);
      } else {
        const n = normalise(ipaddr.parse(e));
        ranges.push([n, n.kind() === 'ipv4' ? 32 : 128]);
      }
    } catch {
      // skip: see the doc comment
    }
  }
  return (ip: string) => {
    let client: Parsed;
    try {
      client = normalise(ipaddr.parse(ip));
    } catch {
      return false;
    }
    return ranges.some(([net, bits]) => net.kind() === client.kind() && client.match(net, bits));
  };
}

const compiled = new Map<string, (ip: string) => boolean>();

/**
 * compileIpList, remembered per distinct list: parsing CIDR blocks on every token call was a
 * measurable share of the token path. Lists are few (one per token at most); the bound is a guard.
 */
export function ipListMatcher(entries: readonly string[]): (ip: string) => boolean {
  const key = entries.join(',');
  let matcher = compiled.get(key);
  if (!matcher) {
    if (compiled.size >= 10_000) compiled.clear();
    matcher = compileIpList(entries);
    compiled.set(key, matcher);
  }
  return matcher;
}
