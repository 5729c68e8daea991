import { describe, expect, it } from 'vitest';
import { isAllowedEndpoint } from './endpoint.js';

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
