import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { endpointAddressRefusal, isAllowedEndpoint, type ResolveHost } from './endpoint.js';

const production = { allowLoopbackHttp: false };
const test = { allowLoopbackHttp: true };

describe('which push endpoints the server posts to', () => {
  it('accepts the https endpoints of the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    ])
      expect(isAllowedEndpoint(endpoint, production), endpoint).toBe(true);
  });

  it('refuses addresses inside a network, over https too, and anything but https in production', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'http://127.0.0.1:8080/push',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://localhost/push',
      'https://push.localhost/push',
      'https://metadata/computeMetadata',
      'https://metadata./computeMetadata',
      'https://localhost./push',
      'https://push.localhost./push',
      'https://printer.local/push',
      'https://db.internal/push',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ])
      expect(isAllowedEndpoint(endpoint, production), endpoint).toBe(false);
  });

  it('accepts http on a loopback host only where the configuration allows it (tests)', () => {
    expect(isAllowedEndpoint('http://127.0.0.1:4321/push/1', test)).toBe(true);
    expect(isAllowedEndpoint('http://localhost:4321/push/1', test)).toBe(true);
    expect(isAllowedEndpoint('http://[::1]:4321/push/1', test)).toBe(true);
    expect(isAllowedEndpoint('http://127.0.0.1:4321/push/1', production)).toBe(false);
    expect(isAllowedEndpoint('http://10.0.0.5/push', test)).toBe(false);
    expect(isAllowedEndpoint('http://example.com/push', test)).toBe(false);
  });
});

/** A resolver that knows only the names it is given, and notes each name it is asked. */
function resolverOf(names: Record<string, string[]>) {
  const asked: string[] = [];
  const resolveHost: ResolveHost = async (host) => {
    asked.push(host);
    const addresses = names[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: isIP(address) }));
  };
  return { resolveHost, asked };
}

describe('where a push endpoint’s name leads', () => {
  it('refuses a public name that resolves to an address inside a network', async () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.0.0.5',
      '172.16.4.1',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.251',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.5',
    ]) {
      const { resolveHost } = resolverOf({ 'push.example.net': [address] });
      expect(await endpointAddressRefusal('https://push.example.net/send/1', production, resolveHost), address).toBe(
        `the endpoint's host push.example.net resolves to ${address}, not a public address`,
      );
    }
  });

  it('refuses a name when any one of its addresses is inside a network', async () => {
    const { resolveHost } = resolverOf({
      'push.example.net': ['142.250.74.10', '2a00:1450:4001:82a::200a', '10.1.2.3'],
    });
    expect(await endpointAddressRefusal('https://push.example.net/send/1', production, resolveHost)).toMatch(
      /resolves to 10\.1\.2\.3, not a public address/,
    );
  });

  it('accepts a name whose every address is public unicast, IPv4 and IPv6', async () => {
    const { resolveHost, asked } = resolverOf({
      'fcm.googleapis.com': ['142.250.74.10', '2a00:1450:4001:82a::200a', '::ffff:142.250.74.10'],
    });
    expect(await endpointAddressRefusal('https://fcm.googleapis.com/fcm/send/abc', production, resolveHost)).toBe(
      undefined,
    );
    expect(asked).toEqual(['fcm.googleapis.com']);
  });

  it('refuses what the name check refuses without resolving it', async () => {
    const { resolveHost, asked } = resolverOf({ localhost: ['127.0.0.1'] });
    for (const endpoint of ['https://localhost./push', 'https://10.0.0.5/push', 'http://fcm.googleapis.com/x'])
      expect(await endpointAddressRefusal(endpoint, production, resolveHost), endpoint).toBe(
        'the endpoint is not a push service the server posts to',
      );
    expect(asked).toEqual([]);
  });

  it('lets the loopback http endpoints allowed under test through unresolved, as before', async () => {
    const { resolveHost, asked } = resolverOf({});
    for (const endpoint of ['http://127.0.0.1:4321/push/1', 'http://localhost:4321/push/1', 'http://[::1]:4321/push/1'])
      expect(await endpointAddressRefusal(endpoint, test, resolveHost), endpoint).toBe(undefined);
    expect(asked).toEqual([]);
  });

  it('fails (for a later try) when the name does not resolve', async () => {
    const { resolveHost } = resolverOf({});
    await expect(endpointAddressRefusal('https://gone.example.net/push', production, resolveHost)).rejects.toThrow(
      /ENOTFOUND/,
    );
  });
});
