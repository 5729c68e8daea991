import { EMAIL_KINDS, EMAIL_KIND_TEXTS, MAIL_PREVIEWS, NOTIFICATION_TEXTS } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { me } from '../../plugins/auth.js';
import { setEmailNotifications } from '../auth/auth.queries.js';
import { OutboxMailSchema, listOwnOutbox } from './outbox.queries.js';
import { previewMail } from './templates.js';
import { verifyUnsubscribeToken } from './unsubscribe.js';

const tags = ['e-mail'];

function page(title: string, message: string, origin: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Gardenswap</title></head>
<body style="margin:0;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:#eef2eb;color:#1d2b1f">
<main style="max-width:480px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d8e0d4;border-radius:8px">
<h1 style="margin:0 0 12px;font-size:22px;color:#1e4a27">${title}</h1>
<p style="margin:0 0 12px">${message}</p>
<p style="margin:0"><a href="${origin}/profile" style="color:#2f6b3a">Change your e-mail settings on your profile</a></p>
</main></body></html>`;
}

/** /api/mail: the one-click unsubscribe link, the previews of the real templates, and a member's own kept e-mails. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicOrigin, jwtSecret } = app.config;

  const unsubscribe = {
    config: { public: true },
    schema: {
      tags,
      security: [],
      description:
        "The link every e-mail carries (and its List-Unsubscribe header, one-click POST per RFC 8058): turns off the member's e-mails of that e-mail's kind (matches, friend requests or messages; every kind for a link sent before e-mail was switched per kind) and answers a small HTML page that says which.",
      querystring: z.object({ token: z.string().max(2000).optional() }),
    },
  } as const;
  const handleUnsubscribe = async (request: { query: { token?: string } }, reply: import('fastify').FastifyReply) => {
    const link = request.query.token ? await verifyUnsubscribeToken(jwtSecret, request.query.token) : undefined;
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!link) return reply.status(400).send(page('Unsubscribe', NOTIFICATION_TEXTS.unsubscribeInvalid, publicOrigin));
    const { recipient, kinds } = link;
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
    const said =
      kinds.length === EMAIL_KINDS.length ? NOTIFICATION_TEXTS.unsubscribed : EMAIL_KIND_TEXTS[kinds[0]!].unsubscribed;
    return reply.send(page('You are unsubscribed', said, publicOrigin));
  };
  app.get('/unsubscribe', unsubscribe, handleUnsubscribe);
  app.post('/unsubscribe', unsubscribe, handleUnsubscribe);

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
      const mail = previewMail(request.params.kind, publicOrigin);
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
