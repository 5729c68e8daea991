import {
  ForgotPasswordInputSchema,
  ForgotPasswordResultSchema,
  IdParamsSchema,
  LoginInputSchema,
  LoginResultSchema,
  ProfileLocationInputSchema,
  ProfileSettingsInputSchema,
  PublicProfileSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  TEXTS,
  TimeZoneInputSchema,
  UserSchema,
} from '@gardenswap/shared';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coordinatesOfZip, mapSpot } from '../../lib/geo.js';
import { AppError, notFound, unauthorized } from '../../lib/app-error.js';
import { readMultipart } from '../../plugins/multipart.js';
import { me } from '../../plugins/auth.js';
import { toAppError } from '../../plugins/errors.js';
import { passwordResetMail } from '../mail/templates/password-reset.mail.js';
import { setEmailNotifications } from '../mail/email-settings.queries.js';
import { refuseSuspended } from './suspension-ends.js';
import {
  consumePasswordReset,
  findCredentialsByEmail,
  findTaken,
  getProfile,
  getProfilePicture,
  getPublicUser,
  insertPasswordReset,
  insertUser,
  setPasswordHash,
  setTimeZone,
  updateProfileLocation,
} from './auth.queries.js';
import { loginLimits, passwordResetLimit, registerLimit } from './auth.limits.js';
import { revokeAllSessions, revokeToken, startSession } from '../../plugins/sessions/auth.tokens.js';
import { endAllSessions } from './end-sessions.js';
import { deleteExpiredSessions } from '../../plugins/sessions/sessions.queries.js';
import { checkPassword, hashPassword } from './passwords.js';
import { accountRoutes } from './account.routes.js';
import { sendConfirmationLink } from './email-confirmation.js';
import { hashLinkToken, newLinkToken } from './link-tokens.js';

const tags = ['auth'];
const RESET_LINK_TTL_MS = 60 * 60_000;

async function duplicateError(app: { db: Parameters<typeof findTaken>[0] }, email: string, username: string) {
  const taken = await findTaken(app.db, email, username);
  if (taken.email) return new AppError('EMAIL_TAKEN', TEXTS.emailTaken);
  if (taken.username) return new AppError('USERNAME_TAKEN', TEXTS.usernameTaken);
  return undefined;
}

/** /api/auth: register, login, logout, profile, avatar, public profiles, onboarding upload. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cost = app.config.passwordHashing;
  const loginLimit = loginLimits(app);

  app.post(
    '/register',
    {
      config: { public: true },
      preHandler: registerLimit(app),
      schema: { tags, security: [], body: RegisterInputSchema, response: { 201: UserSchema } },
    },
    async (request, reply) => {
      const input = request.body;
      const duplicate = await duplicateError(app, input.email, input.username);
      if (duplicate) throw duplicate;
      const passwordHash = await hashPassword(input.password, cost);
      let id: number;
      try {
        id = await app.db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, input, passwordHash);
          await sendConfirmationLink(app, trx, { id: created, username: input.username }, input.email, 'registration');
          return created;
        });
      } catch (error) {
        // Two registrations raced past the check: the unique index decided; say which field.
        throw (await duplicateError(app, input.email, input.username)) ?? error;
      }
      return reply.status(201).send((await getProfile(app.db, id))!);
    },
  );

  app.post(
    '/login',
    {
      config: { public: true },
      preHandler: loginLimit.check,
      schema: {
        tags,
        security: [],
        description:
          'Form-encoded `username` (the e-mail) and `password`, as OAuth2 password forms send them; JSON is accepted too.',
        body: LoginInputSchema,
        response: { 200: LoginResultSchema },
      },
    },
    async (request) => {
      const { username: email, password } = request.body;
      const found = await findCredentialsByEmail(app.db, email);
      const ok = await checkPassword(found?.password_hash, password, cost);
      if (!found || !ok) {
        await loginLimit.recordFailure(request, found);
        throw unauthorized(TEXTS.badCredentials);
      }
      return signIn(found, request);
    },
  );

  /** Starts a session for the member from the browser of `request`: every way of signing in ends here. */
  async function signIn(member: { id: number; username: string }, request: FastifyRequest) {
    await refuseSuspended(app, member.id);
    await deleteExpiredSessions(app.db);
    const session = await startSession(app.db, app.config.jwtSecret, member, request.headers['user-agent']);
    return {
      access_token: session.token,
      token_type: 'bearer' as const,
      expires_in: session.expiresIn,
      user: { id: member.id, username: member.username },
    };
  }

  app.post(
    '/password/forgot',
    {
      config: { public: true },
      preHandler: passwordResetLimit(app),
      schema: {
        tags,
        security: [],
        description: "Always the same answer, whether the address is a member's or not.",
        body: ForgotPasswordInputSchema,
        response: { 202: ForgotPasswordResultSchema },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const member = await findCredentialsByEmail(app.db, email);
      if (member) {
        const token = newLinkToken();
        const resetUrl = `${app.config.publicOrigin}/reset-password?token=${token}`;
        await app.db.transaction().execute(async (trx) => {
          await insertPasswordReset(trx, member.id, hashLinkToken(token), new Date(Date.now() + RESET_LINK_TTL_MS));
          await app.mailer.send(
            { to: email, ...(await passwordResetMail({ username: member.username, resetUrl })) },
            trx,
          );
        });
      }
      return reply.status(202).send({ detail: TEXTS.passwordResetSent });
    },
  );

  app.post(
    '/password/reset',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description: 'Sets a new password from a reset link, ends every other session and signs the member in.',
        body: ResetPasswordInputSchema,
        response: { 200: LoginResultSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const passwordHash = await hashPassword(password, cost);
      const member = await app.db.transaction().execute(async (trx) => {
        const found = await consumePasswordReset(trx, hashLinkToken(token));
        if (found) {
          await setPasswordHash(trx, found.id, passwordHash);
          await revokeAllSessions(trx, found.id);
        }
        return found;
      });
      if (!member) throw new AppError('BAD_REQUEST', TEXTS.passwordResetInvalid);
      endAllSessions(app, member.id);
      return signIn(member, request);
    },
  );

  await app.register(accountRoutes, { signIn });

  app.post('/logout', { schema: { tags } }, async (request, reply) => {
    const user = me(request);
    await revokeToken(app.db, user);
    app.realtime.dropToken(user.jti);
    return reply.status(204).send();
  });

  app.get('/profile', { schema: { tags, response: { 200: UserSchema } } }, async (request) => {
    const profile = await getProfile(app.db, me(request).id);
    if (!profile) throw notFound(TEXTS.userNotFound);
    return profile;
  });

  // E-mails of each kind on or off (the profile screen's switches).
  app.patch(
    '/profile',
    { schema: { tags, body: ProfileSettingsInputSchema, response: { 200: UserSchema } } },
    async (request) => {
      const userId = me(request).id;
      await setEmailNotifications(app.db, userId, request.body.email_notifications);
      const profile = await getProfile(app.db, userId);
      if (!profile) throw notFound(TEXTS.userNotFound);
      return profile;
    },
  );

  app.put(
    '/time-zone',
    {
      schema: {
        tags,
        description:
          'Keeps the time zone my browser is in (IANA name): times in my e-mails and calendar files use it. 422 for a zone nobody knows.',
        body: TimeZoneInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setTimeZone(app.db, me(request).id, request.body.time_zone);
      return reply.status(204).send(null);
    },
  );

  app.get('/users/me/avatar', { schema: { tags } }, async (request, reply) => {
    const picture = await getProfilePicture(app.db, me(request).id);
    const found = picture?.startsWith('uploads/') ? await app.images.store.get(picture.slice(8)) : undefined;
    if (!found) throw notFound(TEXTS.imageNotFound);
    return reply
      .header('content-type', found.contentType)
      .header('cache-control', 'private, no-cache')
      .send(found.body);
  });

  app.get(
    '/users/:id/public',
    {
      schema: {
        tags,
        description:
          "What any member may see of another, and their `spot`: where a map shows them (their ZIP code's centre moved by an offset of their own, as on their listings; null without a known ZIP code).",
        params: IdParamsSchema,
        response: { 200: PublicProfileSchema },
      },
    },
    async (request) => {
      const user = await getPublicUser(app.db, request.params.id, me(request).id);
      if (!user) throw notFound(TEXTS.userNotFound);
      const centre = coordinatesOfZip(user.zip_code);
      return { ...user, spot: centre && mapSpot(user.id, centre) };
    },
  );

  app.post(
    '/upload-profile-image',
    {
      schema: {
        tags,
        description:
          'Multipart: optional `file` (an image), `city`, `state`, `postcode`, optional `address` and `apt`.',
        consumes: ['multipart/form-data'],
        response: { 200: UserSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const form = request.isMultipart()
        ? await readMultipart(request, 'file')
        : { fields: (request.body ?? {}) as Record<string, string> };
      const parsed = ProfileLocationInputSchema.safeParse(form.fields);
      if (!parsed.success) throw toAppError(parsed.error);
      const previous = await getProfilePicture(app.db, user.id);
      const saved = 'file' in form && form.file ? await app.images.save(form.file.buffer) : undefined;
      await updateProfileLocation(app.db, user.id, parsed.data, saved?.image);
      await app.events.emit('member.changed', { memberId: user.id });
      if (saved) await app.images.remove([previous, saved.thumbnail]);
      return (await getProfile(app.db, user.id))!;
    },
  );
};
