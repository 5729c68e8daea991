import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);
/** RFC 8188/8291 content encoding, as a browser decrypts a push (the library web-push is tested against). */
const ece = require('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: unknown; authSecret: string }): Buffer;
};

/** One request the server made to the push service. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on 127.0.0.1: takes every push the server sends (201), and keeps it for the journey. */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A device's side of a push subscription at `endpoint`: the P-256 key pair and auth secret a
 * browser makes when it subscribes, and the decryption it does when a push arrives.
 */
export function deviceKeys(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    /** What the page's PushSubscription holds (its toJSON()). */
    subscription: { endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    /** A push's plaintext, as the browser hands it to the service worker. */
    decrypt: (body: Buffer) =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
  };
}

export type DeviceSubscription = ReturnType<typeof deviceKeys>['subscription'];

/**
 * Chromium reaches a push service only over the network (it has none here), so the page's
 * PushManager is given this device's subscription instead: `subscribe` returns it (remembering the
 * server's key, as a browser does) and `getSubscription` finds it until `unsubscribe`. An init
 * script: everything else, the permission, the service worker and the notifications, is Chromium's own.
 */
export function fakePushManager(device: DeviceSubscription) {
  const KEY = 'e2e-push-subscription';
  const bytes = (base64url: string) =>
    Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const base64url = (buffer: ArrayBuffer | ArrayBufferView) => {
    const view =
      buffer instanceof ArrayBuffer
        ? new Uint8Array(buffer)
        : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    return btoa(String.fromCharCode(...view))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  };
  const held = () => {
    const serverKey = localStorage.getItem(KEY);
    if (serverKey === null) return null;
    return {
      endpoint: device.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey).buffer },
      getKey: (name: string) => bytes(name === 'p256dh' ? device.p256dh : device.auth).buffer,
      toJSON: () => ({
        endpoint: device.endpoint,
        expirationTime: null,
        keys: { p256dh: device.p256dh, auth: device.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    };
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    if (Notification.permission !== 'granted')
      throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
    const key = options?.applicationServerKey;
    if (!key || typeof key === 'string')
      throw new DOMException('Expected the server key as bytes', 'InvalidAccessError');
    localStorage.setItem(KEY, base64url(key));
    return held() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return held() as unknown as PushSubscription | null;
  };
}
