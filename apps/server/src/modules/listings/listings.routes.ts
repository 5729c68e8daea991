import {
  CreateListingInputSchema,
  IdParamsSchema,
  LISTING_STATES,
  LISTING_TEXTS,
  ListingSchema,
  ListingsQuerySchema,
  TEXTS,
  TRADE_TEXTS,
  UpdateListingInputSchema,
  VisibilityInputSchema,
} from '@gardenswap/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { readMultipart } from '../../plugins/multipart.js';
import { me } from '../../plugins/auth.js';
import { failed } from '../idempotency/idempotency.plugin.js';
import { getVisibleListing, getVisibleOwner } from './read/get-listing.js';
import { listListings } from './read/list-listings.js';
import { createListing } from './commands/create-listing.js';
import { deleteListing } from './commands/delete-listing.js';
import { removeListingPhoto, replaceCoverPhoto } from './commands/listing-photos.js';
import { setListingVisibility } from './commands/set-listing-visibility.js';
import { updateListing } from './commands/update-listing.js';
import { ListingsJson } from './listings-json.js';
import type { PublicFeed } from './public-feed.js';

const tags = ['listings'];
const IMAGE_FIELD = 'image';

/** The photo of a multipart create, read before validation so the fields can be validated as a body. */
const uploadedImages = new WeakMap<FastifyRequest, Buffer>();

/**
 * A multipart create carries the same fields as the JSON one: they become the body, so the
 * route's one schema validates both; the photo waits beside the request for the handler.
 * Any other body (plain text, a URL-encoded form) is not part of the contract.
 */
async function multipartFieldsAsBody(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (mediaType && mediaType !== 'application/json') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', TEXTS.unsupportedMediaType);
    }
    return;
  }
  const form = await readMultipart(request, IMAGE_FIELD);
  request.body = form.fields;
  if (form.file) uploadedImages.set(request, form.file.buffer);
}

/** /api/listings: a member's haves, what others may see of theirs, and their photos. */
export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const listingNotFound = () => notFound(TEXTS.listingNotFound);
  const { feed } = app.listReads;
  const listingsJson = new ListingsJson();

  /** 404 for a listing the member may not see (as for a missing one), 403 for one not theirs. */
  async function assertOwner(viewerId: number, id: number, forbiddenText: string) {
    const ownerId = await getVisibleOwner(app.db, viewerId, id);
    if (ownerId === undefined) throw listingNotFound();
    if (ownerId !== viewerId) throw forbidden(forbiddenText);
  }

  /** With `shared`, an open listing comes from what `feed` shares (the listing's own page, read most). */
  async function visibleListing(viewerId: number, id: number, shared?: PublicFeed) {
    const listing = await getVisibleListing(app.db, viewerId, id, app.photoUrls.signerFor(viewerId), shared);
    if (!listing) throw listingNotFound();
    return listing;
  }

  app.get(
    '/',
    {
      // The collection is `/api/listings/` as the spec writes it, in the API reference
      // too; the router's ignoreTrailingSlash still answers `/api/listings`.
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        description: [
          'The tabs (`mine`, `friends`, `public`, `user_id`) narrowed by the filters: `q` (full text over title,',
          "description and a seed lot's variety, the last word as a prefix), `type_id` (repeatable), `category_id`,",
          "`min_price` and `max_price` (whole dollars; exchange and giveaway are 0), `within_miles` (of the viewer's",
          'postcode; 422 when the viewer has no known US ZIP code), and for seed lots `pollination` (repeatable),',
          '`organic=true`, `can_mail=true` (false narrows nothing) and `packed_within_years` (packed this year or',
          'in the N - 1 before); a seed filter lists seed lots only. `sort`: `relevance` (default with `q`), `newest`',
          '(default otherwise), `oldest`, `highest`, `lowest` (price), `nearest` (owners without a known',
          'postcode last; newest when the viewer has none). Every listing carries `distance_miles`, null',
          'when either postcode is unknown. When more listings follow, a `Link: <...>; rel="next"` header',
          "gives the next page's URL: its cursor is keyset in every order, so a listing posted meanwhile",
          'neither repeats nor skips one (a relevance offset from before still reads). `relevance`',
          'lists the listings whose title holds every word first, then those matching through the description,',
          'newest first within each group.',
        ].join(' '),
        querystring: ListingsQuerySchema,
        response: { 200: z.array(ListingSchema) },
      },
    },
    async (request, reply) => {
      const viewerId = me(request).id;
      const page = await listListings(
        app.db,
        viewerId,
        request.query,
        app.photoUrls.signerFor(viewerId),
        app.listReads,
      );
      if (page.next) {
        const next = new URL(request.url, 'http://gardenswap.invalid');
        next.searchParams.set('cursor', page.next);
        void reply.header('link', `<${next.pathname}${next.search}>; rel="next"`);
      }
      const serialize = (listings: unknown) => reply.serialize(listings) as string;
      // Written here, by the route's own serializer: it goes out as it is (the type provider knows only the schema).
      const json = (body: string | Buffer) => reply.type('application/json; charset=utf-8').send(body as never);
      if (!page.shared) return json(listingsJson.page(page.rows, page.listings, serialize));
      const { head, rows, viewer, listings } = page.shared;
      return json(feed.written(head, rows, viewer, () => serialize(listings())));
    },
  );

  /** A retry of a request already done: its result again, as the member may see the listing now. */
  async function replay(reply: FastifyReply, viewerId: number, done: { status: number; listingId: number | null }) {
    if (done.listingId === null) throw listingNotFound();
    const listing = await visibleListing(viewerId, done.listingId);
    return app.idempotency.replayed(reply).status(done.status).send(listing);
  }

  app.get(
    '/:id',
    {
      schema: {
        tags,
        description:
          "One listing the member may see, with every photo and its `spot` (where a map shows it: its owner's ZIP code centre moved by an offset of the owner's own; null without a ZIP code).",
        params: IdParamsSchema,
        response: { 200: ListingSchema },
      },
    },
    async (request) => visibleListing(me(request).id, request.params.id, feed),
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      preValidation: multipartFieldsAsBody,
      schema: {
        tags,
        description: [
          `JSON, or multipart/form-data with the same fields and an optional \`${IMAGE_FIELD}\` file. A seed lot's`,
          'details (`variety`, `packed_year`, `pollination`, `organic`, `quantity`, `can_mail`) are kept in the',
          'seeds category only: any other listing stores them null whatever was sent.',
        ].join(' '),
        consumes: ['application/json', 'multipart/form-data'],
        body: CreateListingInputSchema,
        response: { 201: ListingSchema },
      },
    },
    async (request, reply) => {
      const user = me(request);
      // Reserved is for one member, chosen through the trade (POST /listings/{id}/reservation).
      if (request.body.state_id === LISTING_STATES.reserved)
        throw invalidField('state_id', TRADE_TEXTS.reserveThroughTrade);
      const upload = uploadedImages.get(request);
      const once = await app.idempotency.start(request, request.body, upload);
      if (once.replay) return replay(reply, user.id, once.replay);
      const image = upload ? await app.images.save(upload).catch(failed(once)) : undefined;
      let id: number;
      try {
        id = await createListing(app, user.id, request.body, image, (trx, created) => once.record(trx, 201, created));
      } catch (error) {
        await app.images.remove([image?.image, image?.thumbnail]);
        return failed(once)(error);
      }
      return reply.status(201).send(await visibleListing(user.id, id));
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        description:
          "Only the listed fields; any other field is ignored. A seed lot's details are kept in the seeds category only: a blank or null one is cleared, and a listing moved out of seeds drops them all. `state_id` agrees with the trade: Reserved only through POST /listings/{id}/reservation (422 otherwise; sending it while reserved changes nothing), leaving Reserved ends the reservation and tells its member, and a listing handed over through a trade stays Gone (409).",
        params: IdParamsSchema,
        body: UpdateListingInputSchema,
        response: { 200: ListingSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const { id } = request.params;
      await assertOwner(user.id, id, TEXTS.editForbidden);
      const now = new Date(app.config.clock()).toISOString();
      const result = await updateListing(app, user.id, id, request.body, now);
      if (!result) throw listingNotFound();
      if (!result.ok && 'conflict' in result) throw new AppError('CONFLICT', result.conflict);
      if (!result.ok) throw invalidField(result.field, result.problem);
      return visibleListing(user.id, id);
    },
  );

  app.patch(
    '/:id/visibility',
    {
      schema: { tags, params: IdParamsSchema, body: VisibilityInputSchema, response: { 200: ListingSchema } },
    },
    async (request) => {
      const user = me(request);
      const { id } = request.params;
      await assertOwner(user.id, id, TEXTS.editForbidden);
      if (!(await setListingVisibility(app, user.id, id, request.body.is_public))) throw listingNotFound();
      return visibleListing(user.id, id);
    },
  );

  app.put(
    '/:id/image',
    {
      schema: {
        tags,
        description: `Multipart/form-data with a new cover photo in \`${IMAGE_FIELD}\`; the old cover is removed.`,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: ListingSchema },
      },
    },
    async (request, reply) => {
      const user = me(request);
      const { id } = request.params;
      await assertOwner(user.id, id, TEXTS.editForbidden);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', TEXTS.unsupportedMediaType);
      const form = await readMultipart(request, IMAGE_FIELD);
      if (!form.file) throw invalidField(IMAGE_FIELD, LISTING_TEXTS.imageRequired);
      const once = await app.idempotency.start(request, {}, form.file.buffer);
      if (once.replay) return replay(reply, user.id, once.replay);
      const saved = await app.images.save(form.file.buffer).catch(failed(once));
      const replaced = await replaceCoverPhoto(app, user.id, id, saved, (trx) => once.record(trx, 200, id)).catch(
        async (error: unknown) => {
          await app.images.remove([saved.image, saved.thumbnail]);
          return failed(once)(error);
        },
      );
      if (!replaced) {
        await app.images.remove([saved.image, saved.thumbnail]);
        return failed(once)(listingNotFound());
      }
      await app.images.remove(replaced.removed);
      return visibleListing(user.id, id);
    },
  );

  app.delete(
    '/:id/image',
    {
      schema: {
        tags,
        description: 'Removes the cover photo; the next photo becomes the cover.',
        params: IdParamsSchema,
        response: { 200: ListingSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const { id } = request.params;
      await assertOwner(user.id, id, TEXTS.editForbidden);
      const result = await removeListingPhoto(app, user.id, id);
      if (!result || result === 'missing') throw listingNotFound();
      await app.images.remove(result.removed);
      return visibleListing(user.id, id);
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, params: IdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = me(request);
      const { id } = request.params;
      await assertOwner(user.id, id, TEXTS.deleteForbidden);
      if (!(await deleteListing(app, user.id, id))) throw listingNotFound();
      return reply.status(204).send(null);
    },
  );
};
