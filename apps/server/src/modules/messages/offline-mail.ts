import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicSweep } from '../../lib/periodic-sweep.js';
import { unreadMessagesMail } from '../mail/templates/unread-messages.mail.js';
import {
  type DueConversation,
  type DueRule,
  claimMailNotice,
  dueConversations,
  mailParties,
  unreadFrom,
} from './offline-mail.queries.js';

export interface OfflineMail {
  /** Queues the e-mail of every conversation due one now; resolves with how many (tests, tools). */
  sweep(): Promise<number>;
}

/** The sweep of each running server, by its HTTP server (it lives in the API's context): for tests and tools. */
const byServer = new WeakMap<object, OfflineMail>();
export const offlineMailOf = (server: object): OfflineMail | undefined => byServer.get(server);

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * "Maria sent you 3 messages": messages that wait unread while their member is away reach them by
 * e-mail (see OFFLINE_MAIL in config.ts). Nothing is kept in memory: every instance sweeps the
 * database for what is due, and an e-mail is queued in the outbox in the same transaction as its
 * claim on the conversation, so a crash loses none and no two instances send one twice.
 */
export const offlineMailPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.offlineMail;
    const origin = app.config.publicOrigin;

    const ruleAt = (now: number): DueRule => ({
      awaySince: iso(now - settings.offlineAfterMs),
      notBefore: iso(now - settings.lookBackMs),
      lastMailedBefore: iso(now - settings.perConversationMs),
    });

    /** Queues one conversation's e-mail; false when it is no longer due or another sweep took it. */
    function mailConversation(conversation: DueConversation) {
      return app.db.transaction().execute(async (trx) => {
        const now = Date.now();
        const rule = ruleAt(now);
        // Asked again inside the transaction: a read, a block or a switch turned off since counts.
        if (!(await dueConversations(trx, rule, { only: conversation })).length) return false;
        const unread = await unreadFrom(trx, conversation);
        const { recipient, sender } = await mailParties(trx, conversation);
        if (!unread || !recipient || !sender) return false;
        if (!(await claimMailNotice(trx, conversation, unread.latest.id, iso(now), rule.lastMailedBefore)))
          return false;
        const unsubscribeUrl = await app.mailer.unsubscribeUrl({ userId: recipient.id }, 'messages');
        await app.mailer.send(
          {
            to: recipient.email,
            unsubscribeUrl,
            ...(await unreadMessagesMail({
              recipientName: recipient.first_name || recipient.username,
              fromName: sender.first_name || sender.username,
              fromUsername: sender.username,
              count: unread.count,
              latestText: unread.latest.content,
              chatUrl: `${origin}/messages/${sender.id}`,
              unsubscribeUrl,
            })),
          },
          trx,
        );
        return true;
      });
    }

    async function sweep(): Promise<number> {
      const due = await dueConversations(app.db, ruleAt(Date.now()), { limit: settings.batchSize });
      let queued = 0;
      for (const conversation of due) {
        if (sweeper.isStopped()) break;
        if (await mailConversation(conversation)) queued++;
      }
      return queued;
    }

    const sweeper = periodicSweep(app, {
      what: 'unread-messages e-mails',
      everyMs: settings.sweepMs,
      run: sweep,
      more: (queued) => queued === settings.batchSize,
    });
    byServer.set(app.server, { sweep: sweeper.sweep });
  },
  { name: 'offline-mail', dependencies: ['mailer'] },
);
