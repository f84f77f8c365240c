import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { GatewayError } from '../errors';
import { isMetadataAddress, METADATA_HOSTS, parseAddress, refusalReason } from './address';
import { addressAllowed, type FetchAllowList, hostAllowed, normaliseHost } from './allow';

/**
 * The address check, applied where the connection is made: node:http asks our `lookup` for the
 * addresses to connect to, we resolve, refuse if any address is not allowed, and hand back exactly
 * the addresses we checked. There is no second resolution, so DNS rebinding between the check and
 * the connect cannot happen (the approach of request-filtering-agent).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has. Injectable so tests can play DNS. */
export type FetchLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** getaddrinfo, as the rest of the machine sees names (/etc/hosts included). */
export const systemLookup: FetchLookup = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

function refused(detail: string): GatewayError {
  return new GatewayError('INPUT_UNREADABLE', `address not allowed: ${detail}`);
}

/** Refuses metadata host names before anything is resolved (their addresses vary per cloud). */
export function checkHostName(host: string, allow: FetchAllowList, port?: number): void {
  const name = normaliseHost(host);
  if (METADATA_HOSTS.has(name) && !hostAllowed(allow, name, true, port)) {
    throw refused(`${name} is a cloud metadata host`);
  }
}

/**
 * Throws unless `text` (an address the URL named or DNS returned for `host`) may be connected to
 * on `port`. `host` is the URL's host name, undefined when the URL held an IP literal. What a name
 * resolved to is never said, only what kind of address it is: the answer goes to the caller, who
 * must not learn the addresses of internal names (issue 14).
 */
export function checkAddress(text: string, host: string | undefined, allow: FetchAllowList, port?: number): void {
  const ip = parseAddress(text);
  const name = host === undefined ? undefined : normaliseHost(host);
  if (!ip) throw refused(name === undefined ? `"${text}" is not an IP address` : `${name} resolves to something that is not an IP address`);
  const reason = refusalReason(ip);
  if (!reason) return;
  const allowed = isMetadataAddress(ip)
    ? addressAllowed(allow, ip, true, port) || (name !== undefined && METADATA_HOSTS.has(name) && hostAllowed(allow, name, true, port))
    : addressAllowed(allow, ip, false, port) || (name !== undefined && hostAllowed(allow, name, false, port));
  if (!allowed) throw refused(name === undefined ? `${text} is ${reason}` : `${name} resolves to ${reason}`);
}

/** Resolver failures in plain words; the resolver's own message can carry internal names. */
function unreachable(error: unknown): GatewayError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const words = code === 'ENOTFOUND' ? 'host name not found (ENOTFOUND)' : (code ?? 'name resolution failed');
  return new GatewayError('INPUT_UNREADABLE', `unreachable: ${words}`, { cause: error });
}

/**
 * A node:net `lookup` for one URL host. Node calls it with `all: true` when it races IPv4 and IPv6
 * (autoSelectFamily, default since Node 20) and without it otherwise; both shapes are answered.
 */
export function guardedLookup(host: string, allow: FetchAllowList, lookup: FetchLookup, port?: number): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    Promise.resolve()
      .then(() => lookup(hostname))
      .then(
        (found) => {
          const usable = family ? found.filter((a) => a.family === family) : found;
          if (usable.length === 0) throw new GatewayError('INPUT_UNREADABLE', 'unreachable: host name has no address');
          // Every address, not only the first: with autoSelectFamily node may try any of them.
          for (const { address } of usable) checkAddress(address, host, allow, port);
          return usable;
        },
        (error: unknown) => {
          throw unreachable(error);
        },
      )
      // Two-argument then: an exception thrown inside node's callback must not call it twice.
      .then(
        (usable) => {
          const first = usable[0] as ResolvedAddress;
          if (options.all) callback(null, usable);
          else callback(null, first.address, first.family);
        },
        (error: GatewayError) => callback(error as unknown as NodeJS.ErrnoException, ''),
      );
  };
}
