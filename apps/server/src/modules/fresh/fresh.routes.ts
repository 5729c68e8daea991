import { FRESH_TEXTS, IdParamsSchema, LISTING_STATES, ListingSchema, TEXTS } from '@gardenswap/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { esc } from '../mail/templates.js';
import { getVisibleListing, getVisibleOwner } from '../listings/listings.queries.js';
import { renewListing, renewTarget } from './fresh.queries.js';
import { verifyRenewToken } from './renew-links.js';

const tags = ['listings'];

function page(title: string, message: string, link: { url: string; label: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Gardenswap</title></head>
<body style="margin:0;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:#eef2eb;color:#1d2b1f">
<main style="max-width:480px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d8e0d4;border-radius:8px">
<h1 style="margin:0 0 12px;font-size:22px;color:#1e4a27">${esc(title)}</h1>
<p style="margin:0 0 12px">${esc(message)}</p>
<p style="margin:0"><a href="${esc(link.url)}" style="color:#2f6b3a">${esc(link.label)}</a></p>
</main></body></html>`;
}

/** /api/listings: renewing a listing, from the app and from the e-mail's one-tap link. */
export const freshRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicOrigin, jwtSecret, clock } = app.config;
  const nowIso = () => new Date(clock()).toISOString();

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
      if (!(await renewListing(app.db, user.id, id, nowIso())))
        throw new AppError('CONFLICT', FRESH_TEXTS.goneRefused, 409);
      await app.notify.listingChanged(id); // a reactivated listing may match wish lists; never fails the request
      const listing = await getVisibleListing(app.db, user.id, id, app.photoUrls.signerFor(user.id));
      if (!listing) throw notFound(TEXTS.listingNotFound);
      return listing;
    },
  );

  const renewByLink = {
    config: { public: true },
    schema: {
      tags,
      security: [],
      description:
        'The one-tap link of the "Still available?" e-mail: a token signed for one member and one of their listings, valid for 14 days, renews it without signing in (as POST /listings/{id}/renew does) and answers a small HTML page that says so. A changed, expired or foreign token changes nothing (400).',
      querystring: z.object({ token: z.string().max(2000).optional() }),
    },
  } as const;
  const handleRenewByLink = async (request: { query: { token?: string } }, reply: FastifyReply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const home = { url: `${publicOrigin}/profile`, label: 'Open Gardenswap' };
    const link = request.query.token ? await verifyRenewToken(jwtSecret, request.query.token, clock()) : undefined;
    const target = link && (await renewTarget(app.db, link.listingId));
    if (!link || !target || target.owner_id !== link.userId)
      return reply.status(400).send(page('Renew your listing', FRESH_TEXTS.linkInvalid, home));
    const listingLink = { url: `${publicOrigin}/listings/${link.listingId}`, label: 'See your listing' };
    if (target.state_id === LISTING_STATES.gone)
      return reply.status(409).send(page('Renew your listing', FRESH_TEXTS.goneRefused, listingLink));
    await renewListing(app.db, link.userId, link.listingId, nowIso());
    await app.notify.listingChanged(link.listingId);
    return reply.send(page(FRESH_TEXTS.linkRenewedTitle, FRESH_TEXTS.linkRenewed(target.title), listingLink));
  };
  app.get('/renew', renewByLink, handleRenewByLink);
  app.post('/renew', renewByLink, handleRenewByLink);
};
