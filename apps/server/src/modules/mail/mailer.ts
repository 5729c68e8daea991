import { randomUUID } from 'node:crypto';
import type { EmailKind } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailQueueSettings } from '../../config.js';
import type { Executor } from '../../db/schema.js';
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
export function retryDelay(settings: Pick<MailQueueSettings, 'retryBaseMs' | 'retryMaxMs'>, attempts: number) {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(settings.retryBaseMs * 2 ** doublings, Math.max(settings.retryMaxMs, settings.retryBaseMs));
}

const iso = (ms: number) => new Date(ms).toISOString();
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'unknown error';

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

    let stopped = false;
    let wakeUp: (() => void) | undefined;
    let woken = false;
    let passing: Promise<number> | undefined;
    let running: Promise<void> | undefined;

    const wake = () => {
      woken = true;
      wakeUp?.();
    };

    /** Waits `ms`, or less when an e-mail is queued on this instance or the server stops. */
    function rest(ms: number) {
      if (woken || stopped) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeUp = undefined;
          woken = false;
          resolve();
        }
        wakeUp = done;
      });
    }

    /**
     * Writes the outcome of a send, retrying while the database is away: a sent e-mail left
     * marked `sending` would be sent again once its lease runs out.
     */
    async function settle(mail: ClaimedMail, leaseUntil: number, write: () => Promise<boolean>) {
      for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
        try {
          if (!(await write()))
            app.log.warn({ outbox_id: mail.id }, 'e-mail was retaken by another worker before it was settled');
          return;
        } catch (error) {
          // Stopping: the database is closing, and the lease brings the e-mail back after a restart.
          if (stopped || Date.now() + wait >= leaseUntil) throw error;
          app.log.warn({ err: error, outbox_id: mail.id }, 'e-mail outcome not saved yet; retrying');
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    }

    async function attempt(mail: ClaimedMail, claim: string, leaseUntil: number) {
      try {
        await transport!.sendMail({
          from,
          to: mail.to_address,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          // The same id on every attempt, so a receiver can tell a repeat from a new e-mail.
          messageId: `<outbox.${mail.id}.${Date.parse(mail.created_at)}@${host}>`,
          headers: mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : undefined,
        });
      } catch (error) {
        const now = Date.now();
        const givenUp = now - Date.parse(mail.created_at) >= settings.giveUpAfterMs;
        const retryAt = givenUp ? null : iso(now + retryDelay(settings, mail.attempts));
        const details = { err: error, outbox_id: mail.id, attempts: mail.attempts };
        if (givenUp) app.log.error(details, 'e-mail given up: not sent in time');
        else app.log.warn({ ...details, retry_at: retryAt }, 'e-mail not sent; retrying later');
        await settle(mail, leaseUntil, () =>
          markMailFailed(app.db, mail.id, claim, { error: messageOf(error), retryAt }),
        );
        return;
      }
      app.log.info({ outbox_id: mail.id, attempts: mail.attempts }, 'e-mail sent');
      await settle(mail, leaseUntil, () => markMailSent(app.db, mail.id, claim, iso(Date.now())));
    }

    /** Claims a batch of due e-mails and tries each; returns how many it claimed. */
    async function pass(): Promise<number> {
      const claim = randomUUID();
      const leaseUntil = Date.now() + settings.leaseMs;
      const mails = await claimDueMails(app.db, {
        now: iso(Date.now()),
        leaseUntil: iso(leaseUntil),
        claim,
        limit: settings.batchSize,
      });
      for (const [i, mail] of mails.entries()) {
        if (stopped || Date.now() + sendBudgetMs > leaseUntil) {
          // Untried e-mails go back at once rather than wait out the lease.
          await releaseMails(
            app.db,
            mails.slice(i).map((m) => m.id),
            claim,
            iso(Date.now()),
          );
          break;
        }
        await attempt(mail, claim, leaseUntil);
      }
      return mails.length;
    }

    /** One pass at a time per instance; a caller waiting here gets a pass that starts after its call. */
    async function passOnce(): Promise<number> {
      while (passing) await passing.catch(() => undefined);
      passing = pass().finally(() => (passing = undefined));
      return passing;
    }

    async function work() {
      let failures = 0;
      while (!stopped) {
        let claimed = 0;
        try {
          claimed = await passOnce();
          failures = 0;
        } catch (error) {
          failures++;
          // The database is away: say so, then keep asking less and less often until it is back.
          app.log.warn({ err: error, failures }, 'e-mail queue unreachable; retrying');
        }
        if (stopped) break;
        if (claimed === settings.batchSize) continue;
        await rest(failures ? Math.min(settings.pollMs * 2 ** failures, settings.pollMaxMs) : settings.pollMs);
      }
    }

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
            status: transport ? 'queued' : 'kept',
          },
          iso(Date.now()),
        );
        // Inside a transaction the worker may look before the commit; the next poll finds it then.
        if (transport) wake();
      },
      async unsubscribeUrl(recipient, kind) {
        return unsubscribePageUrl(publicOrigin, await signUnsubscribeToken(jwtSecret, recipient, kind));
      },
      async idle() {
        if (!transport) return;
        while (!stopped) {
          await passOnce();
          if (!(await hasUnsettledMail(app.db, iso(Date.now())))) return;
          // Due again already, or another worker is sending: look again shortly.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    };
    app.decorate('mailer', mailer);
    byServer.set(app.server, mailer);

    // The modules that own an e-mail add its preview while they register; by now every one has.
    const previews = mailPreviews();
    app.decorate('mailPreviews', previews);
    app.addHook('onReady', async () => {
      const missing = previews.missing();
      if (missing.length) throw new Error(`no sample for the e-mail previews: ${missing.join(', ')}`);
    });

    if (transport) {
      app.addHook('onReady', async () => {
        running = work().catch((error: unknown) => app.log.error({ err: error }, 'e-mail worker stopped'));
      });
    }

    // The worker finishes the e-mail in hand and hands the rest of its batch back; whatever is
    // unsent stays queued for the next start (or another instance). The wait fits in the 10 s
    // that shutdown allows; a send still under way after it is retaken once its lease runs out.
    app.addHook('preClose', async () => {
      stopped = true;
      wake();
      await Promise.race([
        Promise.all([running, passing?.catch(() => undefined)]),
        new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
      ]);
      transport?.close();
    });
  },
  { name: 'mailer' },
);
