import { isIP } from 'node:net';

/** Host names that never name a push service on the internet. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i;

const isLoopback = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

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
  return isIP(host) === 0 && host.includes('.') && !LOCAL_NAMES.test(host.replace(/\.$/, ''));
}
