import {
  ACCOUNT_TEXTS,
  ChangeEmailInputSchema,
  ChangePasswordInputSchema,
  ConfirmEmailInputSchema,
  ConfirmEmailResultSchema,
  LinkSentSchema,
  type LoginResult,
  LoginResultSchema,
  TEXTS,
  emailChangedTo,
  linkSentTo,
} from '@gardenswap/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { emailChangeRequestedMail } from '../mail/templates/email-change-requested.mail.js';
import { emailChangedMail } from '../mail/templates/email-changed.mail.js';
import { passwordChangedMail } from '../mail/templates/password-changed.mail.js';
import { confirmationLinkLimit, currentPasswordLimit } from './account.limits.js';
import { setPasswordHash } from './auth.queries.js';
import { revokeAllSessions } from '../../plugins/sessions/auth.tokens.js';
import { sendConfirmationLink } from './email-confirmation.js';
import {
  applyPendingEmail,
  consumeEmailConfirmation,
  emailConfirmationState,
  emailHeldByOther,
  endPasswordResets,
  getEmailState,
  markEmailConfirmed,
  setPendingEmail,
} from './email-confirmation.queries.js';
import { endAllSessions } from './end-sessions.js';
import { hashLinkToken } from './link-tokens.js';
import { checkPassword, hashPassword } from './passwords.js';

/** What the sign-in routes share with these: a fresh session. */
export interface AccountRoutesOptions {
  signIn(member: { id: number; username: string }, request: FastifyRequest): Promise<LoginResult>;
}

const tags = ['auth'];
const emailTaken = () => new AppError('EMAIL_TAKEN', TEXTS.emailTaken);
const LINK_ERRORS = {
  unknown: ACCOUNT_TEXTS.linkInvalid,
  used: ACCOUNT_TEXTS.linkUsed,
  expired: ACCOUNT_TEXTS.linkExpired,
} as const;

/** /api/auth: confirming the address, changing the password and the address from the profile. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { signIn }) => {
  const cost = app.config.passwordHashing;
  const passwordLimit = currentPasswordLimit(app);
  const linkLimit = confirmationLinkLimit(app);

  /** The signed-in member, once their current password is proved; wrong ones count toward a limit. */
  async function provePassword(request: FastifyRequest, password: string) {
    await passwordLimit.check(request);
    const member = await getEmailState(app.db, me(request).id);
    if (!member) throw notFound(TEXTS.userNotFound);
    if (!(await checkPassword(member.password_hash, password, cost))) {
      await passwordLimit.recordFailure(request);
      // Not 401: the session is fine, only the password typed is wrong.
      throw invalidField('current_password', ACCOUNT_TEXTS.currentPasswordWrong);
    }
    return member;
  }

  app.post(
    '/email/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          'Uses an e-mailed confirmation link, signed in or not: confirms the address, or makes a new one the member’s.',
        body: ConfirmEmailInputSchema,
        response: { 200: ConfirmEmailResultSchema },
      },
    },
    async (request) => {
      const tokenHash = hashLinkToken(request.body.token);
      const done = await app.db
        .transaction()
        .execute(async (trx) => {
          const link = await consumeEmailConfirmation(trx, tokenHash);
          if (!link) throw badRequest(LINK_ERRORS[await emailConfirmationState(trx, tokenHash)]);
          const member = await getEmailState(trx, link.user_id);
          if (member?.email === link.email) {
            await markEmailConfirmed(trx, member.id);
            return { detail: ACCOUNT_TEXTS.confirmed, email: member.email, changed: false };
          }
          if (!member || member.pending_email !== link.email) throw badRequest(ACCOUNT_TEXTS.linkReplaced);
          // Someone may have registered the address since the change was asked for.
          if (await emailHeldByOther(trx, link.email, member.id)) throw emailTaken();
          await applyPendingEmail(trx, member.id, link.email);
          await app.mailer.send(
            {
              to: member.email,
              ...(await emailChangedMail({
                username: member.username,
                newEmail: link.email,
                contactEmail: app.config.contactEmail,
              })),
            },
            trx,
          );
          return { detail: emailChangedTo(link.email), email: link.email, changed: true };
        })
        .catch(async (error: unknown) => {
          if (error instanceof AppError) throw error;
          // A registration raced past the check above: the unique index refused the address.
          const link = await app.db
            .selectFrom('email_confirmations')
            .select(['user_id', 'email'])
            .where('token_hash', '=', tokenHash)
            .executeTakeFirst();
          if (link && (await emailHeldByOther(app.db, link.email, link.user_id))) throw emailTaken();
          throw error;
        });
      return done;
    },
  );

  app.post(
    '/email/confirmation',
    {
      schema: {
        tags,
        description: 'Sends a fresh link that confirms the member’s current address.',
        response: { 202: LinkSentSchema },
      },
    },
    async (request, reply) => {
      const member = await getEmailState(app.db, me(request).id);
      if (!member) throw notFound(TEXTS.userNotFound);
      if (member.email_confirmed === 1) throw new AppError('CONFLICT', ACCOUNT_TEXTS.alreadyConfirmed);
      await linkLimit(request);
      await app.db.transaction().execute((trx) => sendConfirmationLink(app, trx, member, member.email, 'registration'));
      return reply.status(202).send({ detail: linkSentTo(member.email) });
    },
  );

  app.post(
    '/email/change',
    {
      schema: {
        tags,
        description:
          'Asks to move to a new address: it gets a confirmation link, the old one a notice. Sign-in keeps the old address until the link is used.',
        body: ChangeEmailInputSchema,
        response: { 202: LinkSentSchema },
      },
    },
    async (request, reply) => {
      const member = await provePassword(request, request.body.current_password);
      const email = request.body.email.toLowerCase();
      if (email === member.email) throw invalidField('email', ACCOUNT_TEXTS.sameEmail);
      if (await emailHeldByOther(app.db, email, member.id)) throw emailTaken();
      await linkLimit(request);
      await app.db.transaction().execute(async (trx) => {
        await setPendingEmail(trx, member.id, email);
        await sendConfirmationLink(app, trx, member, email, 'change');
        await app.mailer.send(
          {
            to: member.email,
            ...(await emailChangeRequestedMail({
              username: member.username,
              newEmail: email,
              profileUrl: `${app.config.publicOrigin}/profile`,
            })),
          },
          trx,
        );
      });
      return reply.status(202).send({ detail: linkSentTo(email) });
    },
  );

  app.post(
    '/email/change/resend',
    {
      schema: {
        tags,
        description: 'Sends a fresh link to the pending new address.',
        response: { 202: LinkSentSchema },
      },
    },
    async (request, reply) => {
      const member = await getEmailState(app.db, me(request).id);
      if (!member?.pending_email) throw notFound(ACCOUNT_TEXTS.noPendingEmail);
      const email = member.pending_email;
      await linkLimit(request);
      await app.db.transaction().execute((trx) => sendConfirmationLink(app, trx, member, email, 'change'));
      return reply.status(202).send({ detail: linkSentTo(email) });
    },
  );

  app.delete(
    '/email/change',
    { schema: { tags, description: 'Cancels the pending change: its links stop working.' } },
    async (request, reply) => {
      await setPendingEmail(app.db, me(request).id, null);
      return reply.status(204).send();
    },
  );

  app.post(
    '/password/change',
    {
      schema: {
        tags,
        description:
          'Sets a new password (the current one required), ends every other session and answers a fresh one for this device.',
        body: ChangePasswordInputSchema,
        response: { 200: LoginResultSchema },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      const member = await provePassword(request, current_password);
      const passwordHash = await hashPassword(new_password, cost);
      await app.db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, member.id, passwordHash);
        await endPasswordResets(trx, member.id);
        await revokeAllSessions(trx, member.id);
        await app.mailer.send(
          {
            to: member.email,
            ...(await passwordChangedMail({
              username: member.username,
              resetUrl: `${app.config.publicOrigin}/forgot-password`,
            })),
          },
          trx,
        );
      });
      endAllSessions(app, member.id);
      return signIn(member, request);
    },
  );
};
