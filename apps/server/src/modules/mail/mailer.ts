import type { EmailKind } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '../../db/schema.js';
import { durableQueue, retryDelay } from '../../lib/durable-queue.js';
import {
  type ClaimedMail,
  claimDueMails,
  hasUnsettledMail,
  insertOutboxMail,
  markMailFailed,
  markMailSent,
  releaseMails,
} from './outbox.queries.js';
import { mailPreviews } from './previews.js';
import type { RenderedMail } from './templates/render-mail.js';
import { type Recipient, listUnsubscribeHeaders, signUnsubscribeToken, unsubscribePageUrl } from './unsubscribe.js';

export interface OutgoingMail extends RenderedMail {
  to: string;
  /**
   * The unsubscribe link the e-mail shows (from `Mailer.unsubscribeUrl`); its token also goes out
   * as List-Unsubscribe for one-click POSTs. Security notices have none: no switch turns them off,
   * so they must not offer one.
   */
  unsubscribeUrl?: string;
  /** Files it carries, such as a calendar entry. */
  attachments?: MailAttachment[];
}

/** A file an e-mail carries; text only (a calendar entry), kept in the outbox as it is. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mailer {
  /**
   * Writes an e-mail into the outbox, in `trx` when the change that caused it runs in one, so the
   * two are kept or lost together. Once it resolves the e-mail survives a crash: with SMTP_URL a
   * worker sends it (retrying while the mail server is away), without it is kept in the outbox.
   * Rejects only when the database does.
   */
  send(mail: OutgoingMail, trx?: Executor): Promise<void>;
  /** The public page that turns this kind of e-mail off for this recipient with one button. */
  unsubscribeUrl(recipient: Recipient, kind: EmailKind): Promise<string>;
  /**
   * Resolves once every e-mail queued so far was handled: sent, kept, given up, or failed and
   * waiting out its retry; e-mails another worker is sending included (tests).
   */
  idle(): Promise<void>;
}

/** The mailer of each running server, by its HTTP server (shared by every plugin context): for tests and tools. */
const byServer = new WeakMap<object, Mailer>();
export const mailerOf = (server: object): Mailer | undefined => byServer.get(server);

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** How long a failed e-mail waits before its next attempt: doubling from the first retry, capped. */
export { retryDelay };

const iso = (ms: number) => new Date(ms).toISOString();

export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, contactEmail, publicOrigin, jwtSecret, mailQueue: settings } = app.config;
    const { connectionTimeoutMs, greetingTimeoutMs, socketTimeoutMs } = settings.smtp;
    const transport: Transporter | undefined = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: connectionTimeoutMs,
          greetingTimeout: greetingTimeoutMs,
          socketTimeout: socketTimeoutMs,
        })
      : undefined;
    const from = `Gardenswap <${contactEmail}>`;
    const host = new URL(publicOrigin).hostname;
    // A send never takes longer than this, so one started with this much lease left ends under it.
    const sendBudgetMs = connectionTimeoutMs + greetingTimeoutMs + socketTimeoutMs;

    // The modules that own an e-mail add its preview while they register; by now every one has.
    const previews = mailPreviews();
    app.decorate('mailPreviews', previews);
    app.addHook('onReady', async () => {
      const missing = previews.missing();
      if (missing.length) throw new Error(`no sample for the e-mail previews: ${missing.join(', ')}`);
    });

    const queue = transport
      ? durableQueue<ClaimedMail>(app, {
          noun: 'e-mail',
          idField: 'outbox_id',
          settings,
          deliveryBudgetMs: sendBudgetMs,
          store: {
            claim: (options) => claimDueMails(app.db, options),
            markSent: (mail, claim, now) => markMailSent(app.db, mail.id, claim, now),
            markFailed: (mail, claim, failure) => markMailFailed(app.db, mail.id, claim, failure),
            release: (ids, claim, now) => releaseMails(app.db, ids, claim, now),
            hasUnsettled: (now) => hasUnsettledMail(app.db, now),
          },
          async deliver(mail) {
            await transport.sendMail({
              from,
              to: mail.to_address,
              subject: mail.subject,
              html: mail.html,
              text: mail.text,
              // The same id on every attempt, so a receiver can tell a repeat from a new e-mail.
              messageId: `<outbox.${mail.id}.${Date.parse(mail.created_at)}@${host}>`,
              headers: mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : undefined,
              attachments: mail.attachments ? (JSON.parse(mail.attachments) as MailAttachment[]) : undefined,
            });
            return { outcome: 'sent' };
          },
        })
      : undefined;

    const mailer: Mailer = {
      async send(mail, trx) {
        const headers = mail.unsubscribeUrl
          ? JSON.stringify(listUnsubscribeHeaders(publicOrigin, mail.unsubscribeUrl))
          : null;
        await insertOutboxMail(
          trx ?? app.db,
          {
            to_address: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            headers,
            attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
            status: transport ? 'queued' : 'kept',
          },
          iso(Date.now()),
        );
        // Inside a transaction the worker may look before the commit; the next poll finds it then.
        queue?.wake();
      },
      async unsubscribeUrl(recipient, kind) {
        return unsubscribePageUrl(publicOrigin, await signUnsubscribeToken(jwtSecret, recipient, kind));
      },
      async idle() {
        await queue?.idle();
      },
    };
    app.decorate('mailer', mailer);
    byServer.set(app.server, mailer);

    // The queue's worker finishes the e-mail in hand and hands the rest of its batch back first
    // (its hook was added before this one); whatever is unsent stays queued for the next start.
    app.addHook('preClose', async () => {
      transport?.close();
    });
  },
  { name: 'mailer' },
);
