import ipaddr from 'ipaddr.js';

/*
 * Whether the gateway can fetch an image's address at all, decided from the two URLs before
 * anything is sent (issue 22). The gateway refuses loopback, private and link-local addresses
 * unless its operator allows them (DESIGN.md §5), and a gateway on another machine cannot reach
 * the user's loopback or, from the internet, the user's intranet at all: waiting for its refusal
 * (or its connect time-out on an intranet name) before reading the bytes in the page is time lost.
 *   - 'try':  a public host: the URL first, the page only after a refusal (as always);
 *   - 'race': a host the gateway may reach only if its operator allowed it (loopback beside a
 *             gateway on loopback, an intranet host beside a gateway in an intranet): the URL
 *             first, the page read at the same time, its bytes used only if the URL is refused;
 *   - 'page': a host the gateway cannot reach: the page's bytes first, the URL only if the page
 *             cannot read them.
 */

export type Reach = 'try' | 'race' | 'page';
type HostClass = 'loopback' | 'private' | 'public';

/** Names that only resolve inside a network (RFC 6762 .local, RFC 8375 home.arpa, common intranet suffixes). */
const INTRANET_SUFFIX = /\.(local|lan|internal|intranet|corp|home|home\.arpa|localdomain)$/i;
const PRIVATE_RANGES = new Set(['private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);

export function hostClass(hostname: string): HostClass {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (ipaddr.isValid(host)) {
    let addr = ipaddr.parse(host);
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
    const range = addr.range();
    if (range === 'loopback' || range === 'unspecified') return 'loopback';
    return PRIVATE_RANGES.has(range) ? 'private' : 'public';
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  // a name of one label (http://oa/, http://fileserver/) only resolves in the user's network
  if (!host.includes('.') || INTRANET_SUFFIX.test(host)) return 'private';
  return 'public';
}

export function reachOf(srcUrl: string, gatewayUrl: string): Reach {
  let image: HostClass;
  let gateway: HostClass;
  try {
    image = hostClass(new URL(srcUrl).hostname);
    gateway = hostClass(new URL(gatewayUrl).hostname);
  } catch {
    return 'try';
  }
  if (image === 'public') return 'try';
  if (image === 'loopback') return gateway === 'loopback' ? 'race' : 'page';
  return gateway === 'public' ? 'page' : 'race';
}
