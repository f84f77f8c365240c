import { type IP, parseAddress } from './address';

/**
 * The operator's IMAGE_FETCH_ALLOW: hosts and networks a fetch may reach even though they are
 * private (DESIGN.md §5), each optionally on one port only (`images.intra:8080`), so opening an
 * image server does not open every other service of that host (issue 14). Built once from the
 * setting by `parseFetchAllow`.
 */
export interface FetchAllowList {
  /** Exact host names, lower case, without a trailing dot. */
  readonly hosts: readonly (readonly [string, AllowedPort])[];
  /** From "*.intra" entries: ".intra"; matches any name below it, not "intra" itself. */
  readonly suffixes: readonly (readonly [string, AllowedPort])[];
  /** Networks; a single address is stored with its full prefix length (/32, /128). */
  readonly networks: readonly (readonly [IP, number, AllowedPort])[];
}

/** The one port an entry opens; undefined: every port. */
export type AllowedPort = number | undefined;

export const EMPTY_ALLOW_LIST: FetchAllowList = { hosts: [], suffixes: [], networks: [] };

// RFC 1123 labels; underscores are tolerated because internal DNS zones use them.
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/**
 * Parses the comma list, e.g. `127.0.0.1,10.0.0.0/8,images.intra:8080,*.corp.example,[::1]:9000`.
 * A port follows a host name, an IPv4 address or block after a colon, and a bracketed IPv6
 * address or block (`[fd00::/8]:443`). Blank items are skipped. Throws an Error naming the first
 * bad item, so config parsing fails fast at start-up rather than silently allowing less (or more)
 * than the operator wrote.
 */
export function parseFetchAllow(text: string): FetchAllowList {
  const hosts: [string, AllowedPort][] = [];
  const suffixes: [string, AllowedPort][] = [];
  const networks: (readonly [IP, number, AllowedPort])[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    const { item, port } = splitPort(entry, raw.trim());
    const network = parseNetwork(item);
    if (network) {
      networks.push([...network, port]);
      continue;
    }
    const wildcard = item.startsWith('*.');
    const name = normaliseHost(wildcard ? item.slice(2) : item);
    // A bare number would be taken by the URL parser as an IPv4 address, never as a name.
    if (!HOST_NAME.test(name) || /^[0-9.]+$/.test(name)) {
      throw new Error(`IMAGE_FETCH_ALLOW: "${raw.trim()}" is not a host name, IP address or CIDR block`);
    }
    if (wildcard) suffixes.push([`.${name}`, port]);
    else hosts.push([name, port]);
  }
  return { hosts, suffixes, networks };
}

/** `host:port`, `[v6]:port` or `[v6]` into the item and its port; an unbracketed IPv6 has no port. */
function splitPort(entry: string, raw: string): { item: string; port: AllowedPort } {
  let item = entry;
  let portText: string | undefined;
  if (entry.startsWith('[')) {
    const close = entry.indexOf(']');
    if (close === -1 || (close !== entry.length - 1 && entry[close + 1] !== ':')) {
      throw new Error(`IMAGE_FETCH_ALLOW: "${raw}" is not a bracketed IPv6 address or block`);
    }
    item = entry.slice(1, close);
    if (close !== entry.length - 1) portText = entry.slice(close + 2);
  } else if (entry.indexOf(':') !== -1 && entry.indexOf(':') === entry.lastIndexOf(':')) {
    [item, portText] = entry.split(':') as [string, string];
  }
  if (portText === undefined) return { item, port: undefined };
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : 0;
  if (port < 1 || port > 65535) throw new Error(`IMAGE_FETCH_ALLOW: "${raw}" has an invalid port`);
  return { item, port };
}

function parseNetwork(item: string): readonly [IP, number] | undefined {
  const slash = item.indexOf('/');
  const addressText = slash === -1 ? item : item.slice(0, slash);
  const address = parseAddress(addressText);
  if (!address) {
    if (slash !== -1) throw new Error(`IMAGE_FETCH_ALLOW: "${item}" is not a valid CIDR block`);
    return undefined;
  }
  const full = address.kind() === 'ipv4' ? 32 : 128;
  let prefix = full;
  if (slash !== -1) {
    const prefixText = item.slice(slash + 1);
    prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
    // parseAddress unwraps ::ffff:a.b.c.d, so a mapped CIDR's prefix is shifted into IPv4 terms.
    const mappedShift = full === 32 && addressText.includes(':') ? 96 : 0;
    prefix -= mappedShift;
    if (!(prefix >= 0 && prefix <= full)) throw new Error(`IMAGE_FETCH_ALLOW: "${item}" has an invalid prefix length`);
  }
  return [address, prefix] as const;
}

/** URL host names compare in lower case without the root dot ("Images.Intra." is "images.intra"). */
export function normaliseHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

const opens = (allowed: AllowedPort, port: number | undefined) => allowed === undefined || allowed === port;

/**
 * Whether the allow list names `host` for `port` (an entry with a port opens only that port; with
 * `port` unknown only entries without one match). `exact` restricts the match to plain host
 * entries; it is used for metadata hosts, which a wildcard must not open by accident.
 */
export function hostAllowed(allow: FetchAllowList, host: string, exact = false, port?: number): boolean {
  const name = normaliseHost(host);
  if (allow.hosts.some(([h, p]) => h === name && opens(p, port))) return true;
  return !exact && allow.suffixes.some(([suffix, p]) => name.endsWith(suffix) && opens(p, port));
}

/**
 * Whether `ip` is inside an allowed network, for `port` as in `hostAllowed`. `exact` only accepts
 * single-address entries; it is used for metadata addresses, so that allowing 169.254.0.0/16 does
 * not open 169.254.169.254.
 */
export function addressAllowed(allow: FetchAllowList, ip: IP, exact = false, port?: number): boolean {
  const full = ip.kind() === 'ipv4' ? 32 : 128;
  return allow.networks.some(
    ([network, prefix, p]) => network.kind() === ip.kind() && (!exact || prefix === full) && opens(p, port) && ip.match(network, prefix),
  );
}
