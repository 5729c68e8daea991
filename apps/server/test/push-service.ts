import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { importJWK, jwtVerify } from 'jose';

/** http_ece (RFC 8188) as a browser decrypts a push: its own private key, its auth secret. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer;
};

/** What a browser's PushSubscription.toJSON() gives, as POST /api/push/subscriptions takes it. */
export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push the service accepted (or answered otherwise, as scripted), decrypted as the browser would. */
export interface PushArrival {
  endpoint: string;
  /** The decrypted body, parsed as JSON. */
  payload: Record<string, unknown>;
  /** The decrypted body as it came. */
  text: string;
  status: number;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID token's claims. */
  vapid: { aud: string; sub: string; exp: number };
}

/** How the service answers a push: a status, or never ('hang'). */
export type Answer = number | 'hang';

/**
 * A local HTTP server playing a browser vendor's push service (RFC 8030) for the server's tests.
 * `subscribe()` makes a subscription as a browser does (a P-256 key pair and 16 random auth
 * bytes, an endpoint here). Each push must carry a VAPID token (RFC 8292) signed with
 * `vapidPublicKey`'s private key for the endpoint's origin, and an aes128gcm body (RFC 8291) that
 * decrypts with the subscription's keys; anything else is answered 400/401 and kept in `refused`.
 * It answers 201, or what the test scripted with `answer()`.
 */
export async function startPushService(options: { vapidPublicKey: string }) {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const scripted = new Map<string, Answer[]>();
  const received: PushArrival[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  const hanging = new Set<ServerResponse>();

  const vapidKey = await (async () => {
    const raw = Buffer.from(options.vapidPublicKey, 'base64url');
    return importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
  })();

  async function handle(request: IncomingMessage, response: ServerResponse, origin: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${origin}${request.url}`;
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, reason });
      response.writeHead(status).end(reason);
    };
    const browser = browsers.get(endpoint);
    if (request.method !== 'POST' || !browser) return refuse(404, 'no such subscription');

    const authorization = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
    if (!authorization) return refuse(401, 'no VAPID authorization');
    if (authorization[2] !== options.vapidPublicKey) return refuse(401, 'another VAPID key');
    let vapid: PushArrival['vapid'];
    try {
      const { payload } = await jwtVerify(authorization[1]!, vapidKey, { algorithms: ['ES256'], audience: origin });
      if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('bad sub');
      // RFC 8292: no longer than 24 hours ahead.
      if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 60 * 60) throw new Error('bad exp');
      vapid = { aud: payload.aud as string, sub: payload.sub, exp: payload.exp };
    } catch (error) {
      return refuse(401, `VAPID token refused: ${(error as Error).message}`);
    }
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'not aes128gcm');
    let text: string;
    try {
      text = ece.decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString();
    } catch (error) {
      return refuse(400, `undecryptable: ${(error as Error).message}`);
    }

    const answer = scripted.get(endpoint)?.shift() ?? 201;
    received.push({
      endpoint,
      payload: JSON.parse(text) as Record<string, unknown>,
      text,
      status: answer === 'hang' ? 0 : answer,
      ttl: request.headers.ttl as string | undefined,
      urgency: request.headers.urgency as string | undefined,
      topic: request.headers.topic as string | undefined,
      vapid,
    });
    if (answer === 'hang') {
      hanging.add(response);
      return;
    }
    response.writeHead(answer, answer === 429 ? { 'retry-after': '0' } : {}).end();
  }

  const server = createServer((request, response) => {
    handle(request, response, origin).catch((error: unknown) => {
      refused.push({ endpoint: String(request.url), reason: String(error) });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    /** A new browser subscribed here: its keys made as a browser makes them. */
    subscribe(): BrowserSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { ecdh, auth });
      return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
    },
    /** The next pushes to this endpoint are answered so, in order; then 201 again. */
    answer(endpoint: string, ...answers: Answer[]) {
      scripted.set(endpoint, [...(scripted.get(endpoint) ?? []), ...answers]);
    },
    /** The pushes that reached this endpoint, whatever they were answered. */
    to(endpoint: string) {
      return received.filter((push) => push.endpoint === endpoint);
    },
    /** The pushes this endpoint accepted (2xx). */
    accepted(endpoint: string) {
      return received.filter((push) => push.endpoint === endpoint && push.status >= 200 && push.status < 300);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
