import {
  FRESH_TEXTS,
  IdParamsSchema,
  LISTING_STATES,
  ListingSchema,
  RenewLinkListingSchema,
  RenewLinkQuerySchema,
  TEXTS,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { getVisibleListing, getVisibleOwner, renewListing } from '../listings/index.js';
import { renewTarget } from './fresh.queries.js';
import { renewPageUrl, verifyRenewToken } from './renew-links.js';

const tags = ['listings'];

/** /api/listings: renewing a listing, from the app and from the page of the e-mail's renew link. */
export const freshRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicOrigin, jwtSecret, clock } = app.config;
  const nowIso = () => new Date(clock()).toISOString();
  const goneRefused = () => new AppError('CONFLICT', FRESH_TEXTS.goneRefused, 409);

  app.post(
    '/:id/renew',
    {
      schema: {
        tags,
        description:
          'The owner says the listing is still available: its age restarts ("renewed today"), the question is answered, and a paused listing is active again. 409 for a listing that is gone.',
        params: IdParamsSchema,
        response: { 200: ListingSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const { id } = request.params;
      const ownerId = await getVisibleOwner(app.db, user.id, id);
      if (ownerId === undefined) throw notFound(TEXTS.listingNotFound);
      if (ownerId !== user.id) throw forbidden(TEXTS.editForbidden);
      if (!(await renewListing(app, user.id, id, nowIso()))) throw goneRefused();
      const listing = await getVisibleListing(app.db, user.id, id, app.photoUrls.signerFor(user.id));
      if (!listing) throw notFound(TEXTS.listingNotFound);
      return listing;
    },
  );

  /** The member and listing of a renew link that may renew; the one error body for anything else. */
  async function readLink(token: string | undefined) {
    const link = token ? await verifyRenewToken(jwtSecret, token, clock()) : undefined;
    const target = link && (await renewTarget(app.db, link.listingId));
    if (!link || !target || target.owner_id !== link.userId) throw badRequest(FRESH_TEXTS.linkInvalid);
    if (target.state_id === LISTING_STATES.gone) throw goneRefused();
    return { ...link, title: target.title };
  }

  app.get(
    '/renew',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          'Where the renew links sent so far point: a GET changes nothing, since mail scanners open every link, and leads (303) to the web page /renew, which asks whether the listing is still available and whose button POSTs here.',
        querystring: RenewLinkQuerySchema,
      },
    },
    async (request, reply) => reply.redirect(renewPageUrl(publicOrigin, request.query.token), 303),
  );

  app.get(
    '/renew/link',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          'The listing a renew link is about, for its page to ask. Renews nothing; 400 for a changed, expired or foreign token, 409 for a listing that is gone.',
        querystring: RenewLinkQuerySchema,
        response: { 200: RenewLinkListingSchema },
      },
    },
    async (request) => {
      const link = await readLink(request.query.token);
      return { listing_id: link.listingId, title: link.title };
    },
  );

  app.post(
    '/renew',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          'The button of the /renew page: a token signed for one member and one of their listings, valid for 14 days, renews it without signing in (as POST /listings/{id}/renew does). The token is checked again here; 400 for a changed, expired or foreign one, 409 for a listing that is gone.',
        querystring: RenewLinkQuerySchema,
        response: { 200: RenewLinkListingSchema },
      },
    },
    async (request) => {
      const link = await readLink(request.query.token);
      if (!(await renewListing(app, link.userId, link.listingId, nowIso()))) throw goneRefused();
      return { listing_id: link.listingId, title: link.title };
    },
  );
};
