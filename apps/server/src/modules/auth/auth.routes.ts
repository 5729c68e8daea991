import {
  IdParamsSchema,
  LoginInputSchema,
  LoginResultSchema,
  ProfileLocationInputSchema,
  ProfileSettingsInputSchema,
  PublicUserSchema,
  RegisterInputSchema,
  TEXTS,
  UserSchema,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound, unauthorized } from '../../lib/app-error.js';
import { readMultipart } from '../../lib/multipart.js';
import { me } from '../../plugins/auth.js';
import { toAppError } from '../../plugins/errors.js';
import {
  findCredentialsByEmail,
  findTaken,
  getProfile,
  getProfilePicture,
  getPublicUser,
  setEmailNotifications,
  insertUser,
  updateProfileLocation,
} from './auth.queries.js';
import { loginLimits, registerLimit } from './auth.limits.js';
import { revokeToken, signSessionToken } from './auth.tokens.js';
import { checkPassword, hashPassword } from './passwords.js';

const tags = ['auth'];

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
        id = await insertUser(app.db, input, passwordHash);
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
      const session = await signSessionToken(app.config.jwtSecret, found);
      return {
        access_token: session.token,
        token_type: 'bearer' as const,
        expires_in: session.expiresIn,
        user: { id: found.id, username: found.username },
      };
    },
  );

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

  // E-mail notifications on or off (the profile screen's switch).
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
    { schema: { tags, params: IdParamsSchema, response: { 200: PublicUserSchema } } },
    async (request) => {
      const user = await getPublicUser(app.db, request.params.id, me(request).id);
      if (!user) throw notFound(TEXTS.userNotFound);
      return user;
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
      if (saved) await app.images.remove([previous, saved.thumbnail]);
      return (await getProfile(app.db, user.id))!;
    },
  );
};
