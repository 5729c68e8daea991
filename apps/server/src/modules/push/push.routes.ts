import {
  PUSH_ERROR_TEXTS,
  type PushSettings,
  PushSettingsSchema,
  PushSubscriptionInputSchema,
  PushSwitchesInputSchema,
  PushUnsubscribeInputSchema,
  TEXTS,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidField, unauthorized } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { isAllowedEndpoint } from './endpoint.js';
import {
  countDevices,
  deleteOwnSubscription,
  getPushSwitches,
  liveSessionId,
  setPushSwitches,
  upsertSubscription,
} from './push.queries.js';

const tags = ['push'];

/** A P-256 public key as a browser gives it: 65 bytes, uncompressed; an auth secret: 16 bytes. */
const bytesOf = (base64url: string) => Buffer.from(base64url.replace(/=+$/, ''), 'base64url');
const isBrowserPublicKey = (key: string) => {
  const bytes = bytesOf(key);
  return bytes.length === 65 && bytes[0] === 4;
};
const isAuthSecret = (key: string) => bytesOf(key).length === 16;

/** /api/push: the member's push switches, and the devices (browsers) that receive their pushes. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vapid, subscriptionsPerMember } = app.config.push;

  async function settingsOf(userId: number): Promise<PushSettings> {
    const switches = await getPushSwitches(app.db, userId);
    if (!switches) throw unauthorized(TEXTS.unauthorized);
    return { public_key: vapid.publicKey, switches, devices: await countDevices(app.db, userId, vapid.publicKey) };
  }

  app.get(
    '/settings',
    {
      schema: {
        tags,
        description:
          "My push switches (all off until I turn them on), the server's VAPID public key to subscribe with, and how many of my devices receive pushes.",
        response: { 200: PushSettingsSchema },
      },
    },
    async (request) => settingsOf(me(request).id),
  );

  app.patch(
    '/settings',
    {
      schema: {
        tags,
        description: 'Turns the named kinds of push on or off; the others stay as they are.',
        body: PushSwitchesInputSchema,
        response: { 200: PushSettingsSchema },
      },
    },
    async (request) => {
      const { id } = me(request);
      await setPushSwitches(app.db, id, request.body);
      return settingsOf(id);
    },
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags,
        description:
          "This browser receives my pushes (its PushSubscription's toJSON()), until this session signs out. An endpoint already kept, mine or another member's signed in on this device before, is taken over; beyond a member's devices cap the oldest stops receiving.",
        body: PushSubscriptionInputSchema,
        response: { 201: PushSettingsSchema },
      },
    },
    async (request, reply) => {
      const user = me(request);
      const { endpoint, keys } = request.body;
      if (!isAllowedEndpoint(endpoint, app.config.push))
        throw invalidField('endpoint', PUSH_ERROR_TEXTS.endpointRefused);
      if (!isBrowserPublicKey(keys.p256dh)) throw invalidField('keys.p256dh', PUSH_ERROR_TEXTS.invalidKey);
      if (!isAuthSecret(keys.auth)) throw invalidField('keys.auth', PUSH_ERROR_TEXTS.invalidKey);
      await app.db.transaction().execute(async (trx) => {
        const sessionId = await liveSessionId(trx, user.id, user.jti);
        if (sessionId === undefined) throw unauthorized(TEXTS.tokenInvalid);
        await upsertSubscription(
          trx,
          { userId: user.id, sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth, publicKey: vapid.publicKey },
          subscriptionsPerMember,
        );
      });
      return reply.status(201).send(await settingsOf(user.id));
    },
  );

  app.delete(
    '/subscriptions',
    {
      schema: {
        tags,
        description: 'This browser no longer receives my pushes. An endpoint that is not one of mine changes nothing.',
        body: PushUnsubscribeInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteOwnSubscription(app.db, me(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
