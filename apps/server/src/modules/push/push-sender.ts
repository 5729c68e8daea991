import { type PushPayload, userRoom } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import { type Delivery, type DurableQueue, durableQueue } from '../../lib/durable-queue.js';
import { periodicSweep } from '../../lib/periodic-sweep.js';
import { endpointAddressRefusal, isAllowedEndpoint, type ResolveHost, systemResolveHost } from './endpoint.js';
import { topicOf } from './payloads.js';
import {
  type ClaimedPush,
  claimDuePushes,
  deleteGoneSubscription,
  deleteSettledPushes,
  hasUnsettledPush,
  markPushFailed,
  markPushSent,
  markPushSkipped,
  releasePushes,
} from './push-queue.queries.js';
import { deleteSubscriptionsOfOtherKeys } from './push.queries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The push queue's worker: pushes are queued by the queries, in the transaction of what they tell of. */
    push: Pick<DurableQueue, 'wake' | 'idle'>;
  }
}

declare module '../../plugins/realtime.js' {
  interface SocketData {
    /** The tab is in front of its member (`tab_focus`); unknown until the tab says. */
    focused?: boolean;
  }
}

/** Settled pushes deleted per sweep at most; the next sweep takes the rest. */
const CLEANUP_BATCH = 1_000;
/** What a refusal's error keeps of the push service's answer. */
const ANSWER_KEPT = 200;

const iso = (ms: number) => new Date(ms).toISOString();

/** The start of a push service's answer, for the log; the rest is never read, however long. */
async function answerStart(answer: Response): Promise<string> {
  const reader = answer.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_KEPT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_KEPT);
}

/** What `work` settles to, or the signal's reason if it aborts first (the work itself is left to finish unheard). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Seconds or an HTTP date, as Retry-After gives them, in milliseconds from now. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export interface PushSenderOptions {
  /** How an endpoint's host is resolved before each push; tests bring names of their own. */
  resolveHost?: ResolveHost;
}

/**
 * Sends the push queue to the browsers' push services (RFC 8030), each payload encrypted to its
 * subscription's keys (RFC 8291) and signed with the server's VAPID key (RFC 8292). A push service
 * that answers 404 or 410 has dropped the subscription: it goes here too. Nothing is pushed to a
 * member who has a tab in front, on any instance.
 */
export const pushSenderPlugin = fp(
  async (app: FastifyInstance, { resolveHost = systemResolveHost }: PushSenderOptions) => {
    const { push: options, pushQueue: settings } = app.config;
    const vapidDetails = options.vapid;

    /** Whether one of the member's tabs, on any instance, is in front of them. */
    async function hasTabInFront(userId: number): Promise<boolean> {
      const room = userRoom(userId);
      let timer: NodeJS.Timeout | undefined;
      const everywhere = app.realtime.io.in(room).fetchSockets();
      try {
        const sockets = await Promise.race([
          everywhere,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer from the other instances')), settings.focusCheckMs);
          }),
        ]);
        return sockets.some((socket) => socket.data.focused === true);
      } catch (error) {
        // The others are out of reach (Redis away): this instance's own tabs decide.
        everywhere.catch(() => undefined);
        app.log.warn({ err: error, user_id: userId }, 'tabs in front asked of this instance only');
        const here = await app.realtime.io.local.in(room).fetchSockets();
        return here.some((socket) => socket.data.focused === true);
      } finally {
        clearTimeout(timer);
      }
    }

    async function deliver(push: ClaimedPush, stopping: AbortSignal): Promise<Delivery> {
      if (!isAllowedEndpoint(push.endpoint, options))
        return { outcome: 'refused', error: new Error('the endpoint is not a push service the server posts to') };
      if (await hasTabInFront(push.user_id))
        return {
          outcome: 'settled',
          why: 'a tab is in front',
          settle: (claim) => markPushSkipped(app.db, push.id, claim),
        };
      const payload = JSON.parse(push.payload) as PushPayload;
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
          push.payload,
          { vapidDetails, TTL: settings.ttlSeconds, urgency: push.urgency, topic: topicOf(payload.tag) },
        );
      } catch (error) {
        // The subscription's keys cannot be encrypted to: no later attempt would do better.
        return { outcome: 'refused', error };
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          // fetch counts the body itself.
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      // One deadline for the look-up and the request, answer included.
      const deadline = AbortSignal.any([AbortSignal.timeout(settings.sendTimeoutMs), stopping]);
      let refusal: string | undefined;
      try {
        refusal = await untilAborted(endpointAddressRefusal(push.endpoint, options, resolveHost), deadline);
      } catch (error) {
        // The name does not resolve now, or not in time: try again later.
        return { outcome: 'retry', error };
      }
      if (refusal) return { outcome: 'refused', error: new Error(refusal) };
      let answer: Response;
      let text: string;
      try {
        // fetch resolves the name again: a change of its addresses within these milliseconds is accepted.
        answer = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body && new Uint8Array(request.body),
          // A push service never redirects; following one could lead anywhere.
          redirect: 'manual',
          // Closing the app cuts a slow push service short: the push is retried after the restart.
          signal: deadline,
        });
        text = await answerStart(answer);
      } catch (error) {
        // Unreachable, reset, or no answer in time: try again later.
        return { outcome: 'retry', error };
      }
      if (answer.status >= 200 && answer.status < 300) return { outcome: 'sent' };
      const error = new Error(`the push service answered ${answer.status}${text ? `: ${text}` : ''}`);
      if (answer.status === 404 || answer.status === 410)
        return {
          outcome: 'settled',
          why: 'the subscription is gone',
          settle: (claim) => deleteGoneSubscription(app.db, push.id, claim),
        };
      if (answer.status === 429 || answer.status >= 500)
        return { outcome: 'retry', error, notBeforeMs: retryAfterMs(answer.headers.get('retry-after')) };
      return { outcome: 'refused', error };
    }

    const queue = durableQueue<ClaimedPush>(app, {
      noun: 'push',
      idField: 'push_id',
      settings,
      deliveryBudgetMs: settings.focusCheckMs + settings.sendTimeoutMs,
      store: {
        claim: (claim) => claimDuePushes(app.db, claim),
        markSent: (push, claim, now) => app.db.transaction().execute((trx) => markPushSent(trx, push, claim, now)),
        markFailed: (push, claim, failure) => markPushFailed(app.db, push.id, claim, failure),
        release: (ids, claim, now) => releasePushes(app.db, ids, claim, now),
        hasUnsettled: (now) => hasUnsettledPush(app.db, now),
      },
      deliver,
    });
    app.decorate('push', { wake: queue.wake, idle: queue.idle });

    // Push services refuse the subscriptions made with a VAPID key the server no longer signs with.
    // A database that refuses writes must not stop the start: the next start drops them.
    app.addHook('onReady', async () => {
      try {
        const dropped = await deleteSubscriptionsOfOtherKeys(app.db, vapidDetails.publicKey);
        if (dropped) app.log.info({ dropped }, 'push subscriptions of an earlier VAPID key dropped');
      } catch (error) {
        app.log.warn({ err: error }, 'push subscriptions of an earlier VAPID key not dropped yet');
      }
    });

    periodicSweep(app, {
      what: 'settled pushes',
      everyMs: settings.sweepMs,
      run: () => deleteSettledPushes(app.db, iso(Date.now() - settings.keepSettledMs), CLEANUP_BATCH),
      more: (deleted) => deleted === CLEANUP_BATCH,
    });
  },
  { name: 'push-sender', dependencies: ['realtime'] },
);
