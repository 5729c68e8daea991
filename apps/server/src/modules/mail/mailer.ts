import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { RenderedMail } from './templates.js';
import { type Recipient, signUnsubscribeToken } from './unsubscribe.js';

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** The one-click unsubscribe link, also sent as List-Unsubscribe. */
  unsubscribeUrl: string;
}

export interface Mailer {
  /**
   * Queues an e-mail and returns at once: sending never fails or slows a request.
   * With SMTP_URL it goes out over SMTP; without, it is kept in the outbox table.
   * A failure is logged (and kept in the outbox with its error), never thrown.
   */
  send(mail: OutgoingMail): void;
  /** The public URL that turns e-mail off for this recipient in one click. */
  unsubscribeUrl(recipient: Recipient): Promise<string>;
  /** Resolves once every queued e-mail was handed over (tests, shutdown). */
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

export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, contactEmail, publicOrigin, jwtSecret } = app.config;
    const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
    const from = `Gardenswap <${contactEmail}>`;
    const pending = new Set<Promise<void>>();

    async function keep(mail: OutgoingMail, error: string | null) {
      await app.db
        .insertInto('outbox')
        .values({ to_address: mail.to, subject: mail.subject, html: mail.html, text: mail.text, error })
        .execute();
    }

    async function deliver(mail: OutgoingMail) {
      if (!transport) return keep(mail, null);
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: {
            'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        });
      } catch (error) {
        app.log.error({ err: error, subject: mail.subject }, 'e-mail could not be sent');
        await keep(mail, error instanceof Error ? error.message : String(error));
      }
    }

    const mailer: Mailer = {
      send(mail) {
        const job = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => deliver(mail))
          .catch((error: unknown) => app.log.error({ err: error, subject: mail.subject }, 'e-mail was lost'))
          .finally(() => pending.delete(job));
        pending.add(job);
      },
      async unsubscribeUrl(recipient) {
        const token = await signUnsubscribeToken(jwtSecret, recipient);
        return `${publicOrigin}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
      },
      async idle() {
        while (pending.size) await Promise.all([...pending]);
      },
    };
    app.decorate('mailer', mailer);
    byServer.set(app.server, mailer);

    // Mails queued just before shutdown still go out (or into the outbox) while the database is open.
    app.addHook('preClose', async () => {
      await Promise.race([mailer.idle(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      transport?.close();
    });
  },
  { name: 'mailer' },
);
