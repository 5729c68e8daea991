import {
  MAIL_PREVIEWS,
  NOTIFICATION_TEXTS,
  OneClickUnsubscribeBodySchema,
  UnsubscribeLinkQuerySchema,
  UnsubscribeLinkSchema,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { setEmailNotifications } from './email-settings.queries.js';
import { OutboxMailSchema, listOwnOutbox } from './outbox.queries.js';
import { type Unsubscribe, unsubscribePageUrl, verifyUnsubscribeToken } from './unsubscribe.js';

const tags = ['e-mail'];

/** /api/mail: unsubscribe links, the previews of the real templates, and a member's own kept e-mails. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicOrigin, jwtSecret } = app.config;

  /** What a signed unsubscribe link turns off; the one error body for anything else. */
  async function readLink(token: string | undefined) {
    const link = token ? await verifyUnsubscribeToken(jwtSecret, token) : undefined;
    if (!link) throw badRequest(NOTIFICATION_TEXTS.unsubscribeInvalid);
    return link;
  }

  /** Turns the link's kinds off for its member; an invitation's address that is no member's has nothing to turn off. */
  async function turnOff({ recipient, kinds }: Unsubscribe) {
    const userId =
      'userId' in recipient
        ? recipient.userId
        : (
            await app.db
              .selectFrom('users')
              .select('id')
              .where('email', '=', recipient.email.toLowerCase())
              .executeTakeFirst()
          )?.id;
    if (userId !== undefined)
      await setEmailNotifications(app.db, userId, Object.fromEntries(kinds.map((kind) => [kind, false])));
  }

  app.get(
    '/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          'Where every unsubscribe link sent so far points (and List-Unsubscribe): a GET changes nothing, since mail scanners open every link, and leads (303) to the web page /unsubscribe, which says what the link turns off and whose button POSTs here.',
        querystring: UnsubscribeLinkQuerySchema,
      },
    },
    async (request, reply) => reply.redirect(unsubscribePageUrl(publicOrigin, request.query.token), 303),
  );

  app.get(
    '/unsubscribe/link',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          "What an unsubscribe link turns off, for its page to ask: the e-mail's kind, or every kind for a link sent before e-mail was switched per kind. Turns nothing off; 400 for a changed or foreign token.",
        querystring: UnsubscribeLinkQuerySchema,
        response: { 200: UnsubscribeLinkSchema },
      },
    },
    async (request) => ({ kinds: [...(await readLink(request.query.token)).kinds] }),
  );

  app.post(
    '/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          "Turns off the member's e-mails of the link's kind (every kind for a link sent before e-mail was switched per kind): the button of the /unsubscribe page, and a mail client's one-click POST of List-Unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`). The token is checked again here; 400 for a changed or foreign one.",
        querystring: UnsubscribeLinkQuerySchema,
        body: OneClickUnsubscribeBodySchema,
        response: { 200: UnsubscribeLinkSchema },
      },
    },
    async (request) => {
      const link = await readLink(request.query.token);
      await turnOff(link);
      return { kinds: [...link.kinds] };
    },
  );

  app.get(
    '/preview/:kind',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          'The real e-mail template filled in with sample data: `format=html` or `format=text` answer the part itself, no format answers `{subject, html, text}`.',
        params: z.object({ kind: z.enum(MAIL_PREVIEWS) }),
        querystring: z.object({ format: z.enum(['html', 'text']).optional() }),
      },
    },
    async (request, reply) => {
      const mail = await app.mailPreviews.render(request.params.kind, publicOrigin);
      if (!mail) throw notFound();
      if (request.query.format === 'html') return reply.type('text/html; charset=utf-8').send(mail.html);
      if (request.query.format === 'text') return reply.type('text/plain; charset=utf-8').send(mail.text);
      return mail;
    },
  );

  app.get(
    '/outbox',
    {
      schema: {
        tags,
        description:
          'The latest e-mails in the outbox addressed to the signed-in member, and only those, in every mode, each with its status: kept (SMTP_URL unset), queued, sending, sent or failed (given up, with its last error). The operator reads the whole outbox with `npm run outbox`.',
        response: { 200: z.array(OutboxMailSchema) },
      },
    },
    async (request) => {
      const user = me(request);
      return listOwnOutbox(app.db, user.id);
    },
  );
};
