import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Host names that never name a push service on the internet. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i;

const isLoopback = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

/** Every address a host name resolves to, as `dns.lookup` with `all: true` answers. */
export type ResolveHost = (host: string) => Promise<LookupAddress[]>;

/** The system's resolver (getaddrinfo: the hosts file, then DNS), as the push request itself would use. */
export const systemResolveHost: ResolveHost = (host) => lookup(host, { all: true });

/**
 * Whether the server may post pushes to this endpoint: https to a named host on the internet (a
 * push service always is one), never an IP address, a single-label or local name, so no member can
 * make the server post into its own network. http to a loopback host only when `allowLoopbackHttp`
 * (tests run their own push service).
 */
export function isAllowedEndpoint(endpoint: string, options: { allowLoopbackHttp: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // URL keeps an IPv6 host in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (url.protocol === 'http:') return options.allowLoopbackHttp && isLoopback(host);
  if (url.protocol !== 'https:') return false;
  // A trailing dot only marks the name as fully qualified: `metadata.` is as single-label as `metadata`.
  const name = host.replace(/\.$/, '');
  return isIP(name) === 0 && name.includes('.') && !LOCAL_NAMES.test(name);
}

/** Public unicast: not loopback, private, link-local, unique-local, shared (CGNAT), multicast or reserved. */
function isPublicAddress(address: string): boolean {
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/**
 * Why the server must not post to an endpoint that `isAllowedEndpoint` accepts, as its host
 * resolves now, or undefined when it may: a public name can point into the network, so every
 * address it resolves to must be public unicast. The loopback http endpoints allowed under test are
 * not resolved. A failed look-up rejects (the push service may be reachable later).
 */
export async function endpointAddressRefusal(
  endpoint: string,
  options: { allowLoopbackHttp: boolean },
  resolveHost: ResolveHost = systemResolveHost,
): Promise<string | undefined> {
  if (!isAllowedEndpoint(endpoint, options)) return 'the endpoint is not a push service the server posts to';
  const url = new URL(endpoint);
  if (url.protocol === 'http:') return undefined;
  const addresses = (await resolveHost(url.hostname)).map((found) => found.address);
  if (addresses.length === 0) return `the endpoint's host ${url.hostname} resolves to no address`;
  const inside = addresses.filter((address) => !isPublicAddress(address));
  if (inside.length > 0)
    return `the endpoint's host ${url.hostname} resolves to ${inside.join(', ')}, not a public address`;
  return undefined;
}
