import {
  LISTING_STATES,
  type ListingTradeStatus,
  type Notification,
  type Trade,
  type TradeUpdated,
  TRADE_TEXTS,
} from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/app.js';
import { createListing, createUser, type TestUser } from '../../../test/factories.js';
import { connectTab, listenForSockets } from '../../../test/sockets.js';

describe("the owner's status agrees with the trade", () => {
  let ctx: TestContext;
  let url: string;
  const open = listenForSockets((live) => ({ ctx, url } = live));

  const call = (as: TestUser, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
    ctx.inject({ method, url: path, as, ...(payload ? { payload } : {}) });
  const setState = (as: TestUser, id: number, state_id: number) =>
    call(as, 'PATCH', `/api/listings/${id}`, { state_id });
  const status = async (as: TestUser, id: number) =>
    (await call(as, 'GET', `/api/listings/${id}/trade`)).json<ListingTradeStatus>();
  const stored = (id: number) =>
    ctx.db
      .selectFrom('listings')
      .select(['state_id', 'reserved_for_id', 'pickup_note'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const notices = async (as: TestUser) => (await call(as, 'GET', '/api/notifications')).json<Notification[]>();

  /** A listing reserved for a member who asked for it, with a pickup note. */
  async function reserved() {
    const [owner, asker] = [await createUser(ctx), await createUser(ctx)];
    const listing = await createListing(ctx, owner, { title: 'Runner beans', type_id: 3 });
    await call(asker, 'POST', `/api/listings/${listing.id}/interest`, {});
    const res = await call(owner, 'POST', `/api/listings/${listing.id}/reservation`, {
      user_id: asker.id,
      pickup_note: 'Friday at 6',
    });
    expect(res.statusCode).toBe(204);
    return { owner, asker, listing };
  }

  it('refuses Reserved by hand on an available listing, on edit and on create, storing nothing', async () => {
    const owner = await createUser(ctx);
    const listing = await createListing(ctx, owner);
    const res = await setState(owner, listing.id, LISTING_STATES.reserved);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'state_id', message: TRADE_TEXTS.reserveThroughTrade }],
    });
    expect((await stored(listing.id)).state_id).toBe(LISTING_STATES.available);

    const created = await call(owner, 'POST', '/api/listings/', {
      title: 'Kale',
      description: 'Lots',
      price: 0,
      type_id: 3,
      category_id: 1,
      is_public: true,
      state_id: LISTING_STATES.reserved,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual([{ field: 'state_id', message: TRADE_TEXTS.reserveThroughTrade }]);
  });

  it('keeps the reservation when an edit sends Reserved again', async () => {
    const { owner, asker, listing } = await reserved();
    const res = await call(owner, 'PATCH', `/api/listings/${listing.id}`, {
      title: 'Runner beans, a bagful',
      state_id: LISTING_STATES.reserved,
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(listing.id)).toEqual({
      state_id: LISTING_STATES.reserved,
      reserved_for_id: asker.id,
      pickup_note: 'Friday at 6',
    });
  });

  it('ends the reservation when the owner sets Available, telling its member live, and never shows it again', async () => {
    const { owner, asker, listing } = await reserved();
    const askerTab = await connectTab(url, asker.token, open);
    const updates: TradeUpdated[] = [];
    const live: Notification[] = [];
    askerTab.socket.on('trade_updated', (u) => updates.push(u));
    askerTab.socket.on('notification', (n) => live.push(n));

    expect((await setState(owner, listing.id, LISTING_STATES.available)).statusCode).toBe(200);
    expect(await stored(listing.id)).toEqual({
      state_id: LISTING_STATES.available,
      reserved_for_id: null,
      pickup_note: null,
    });
    await expect.poll(() => live.map((n) => n.type)).toEqual(['reservation_cancelled']);
    await expect.poll(() => updates).toContainEqual({ listing_id: listing.id });
    expect(await status(asker, listing.id)).toMatchObject({ reserved_for_me: false, reserved_for: null });

    // Reserved comes back only through "Reserve for …", never with the old member.
    expect((await setState(owner, listing.id, LISTING_STATES.reserved)).statusCode).toBe(422);
    expect(await status(owner, listing.id)).toMatchObject({
      state_id: LISTING_STATES.available,
      reserved_for: null,
      pickup_note: null,
    });
  });

  it('lets the owner mark a listing Gone without a trade (sold elsewhere), ending its reservation', async () => {
    const { owner, asker, listing } = await reserved();
    expect((await setState(owner, listing.id, LISTING_STATES.gone)).statusCode).toBe(200);
    expect(await stored(listing.id)).toEqual({
      state_id: LISTING_STATES.gone,
      reserved_for_id: null,
      pickup_note: null,
    });
    expect((await notices(asker)).map((n) => n.type)).toEqual(['reservation_cancelled', 'listing_reserved']);
    expect(await ctx.db.selectFrom('trades').select('id').where('listing_id', '=', listing.id).execute()).toEqual([]);
    // With no trade recorded, the owner may change their mind.
    expect((await setState(owner, listing.id, LISTING_STATES.available)).statusCode).toBe(200);
    expect((await stored(listing.id)).state_id).toBe(LISTING_STATES.available);
  });

  it('keeps a listing handed over through a trade Gone', async () => {
    const { owner, asker, listing } = await reserved();
    const handed = await call(owner, 'POST', `/api/listings/${listing.id}/hand-over`, {
      kind: 'given',
      user_id: asker.id,
    });
    expect(handed.statusCode).toBe(201);
    const res = await setState(owner, listing.id, LISTING_STATES.available);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', detail: TRADE_TEXTS.listingGone });
    expect((await stored(listing.id)).state_id).toBe(LISTING_STATES.gone);
    expect((await setState(owner, listing.id, LISTING_STATES.gone)).statusCode).toBe(200);
    expect((await status(asker, listing.id)).trade).toMatchObject<Partial<Trade>>({ kind: 'given' });
  });
});
