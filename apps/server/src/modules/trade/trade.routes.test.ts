import {
  type InterestedMember,
  LISTING_STATES,
  type ListingTradeStatus,
  type Message,
  type Notification,
  THANKS_MAX,
  type Trade,
  type TradeRecord,
  type TradeUpdated,
  TRADE_TEXTS,
} from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/app.js';
import { befriend, createListing, createUser, type TestUser } from '../../../test/factories.js';
import { connectTab, listenForSockets } from '../../../test/sockets.js';

describe('the trade, start to finish', () => {
  let ctx: TestContext;
  let url: string;
  const open = listenForSockets((live) => ({ ctx, url } = live));

  const call = (as: TestUser, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    ctx.inject({ method, url: path, as, ...(payload ? { payload } : {}) });
  const like = (as: TestUser, id: number) => call(as, 'POST', `/api/listings/${id}/interest`, {});
  const status = async (as: TestUser, id: number) =>
    (await call(as, 'GET', `/api/listings/${id}/trade`)).json<ListingTradeStatus>();
  const reserve = (as: TestUser, id: number, userId: number, pickup_note?: string) =>
    call(as, 'POST', `/api/listings/${id}/reservation`, { user_id: userId, ...(pickup_note ? { pickup_note } : {}) });
  const handOver = (as: TestUser, id: number, body: object) => call(as, 'POST', `/api/listings/${id}/hand-over`, body);
  const thank = (as: TestUser, tradeId: number, content: string) =>
    call(as, 'POST', `/api/trades/${tradeId}/thanks`, { content });
  const notices = async (as: TestUser) => (await call(as, 'GET', '/api/notifications')).json<Notification[]>();
  const block = (as: TestUser, userId: number) => call(as, 'POST', '/api/blocks', { user_id: userId });

  async function setting() {
    const [owner, asker] = [await createUser(ctx), await createUser(ctx)];
    const listing = await createListing(ctx, owner, { title: 'Zucchini glut', type_id: 3 });
    return { owner, asker, listing };
  }

  it('"I\'d like this" sends a card message once, records the interest, and tells the owner live', async () => {
    const { owner, asker, listing } = await setting();
    const ownerTab = await connectTab(url, owner.token, open);
    const updates: TradeUpdated[] = [];
    ownerTab.socket.on('trade_updated', (u) => updates.push(u));

    const first = await like(asker, listing.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ owner_id: owner.id, created: true });
    const again = await like(asker, listing.id);
    expect(again.json()).toEqual({ owner_id: owner.id, created: false });

    const chat = (await call(owner, 'GET', `/api/messages/${asker.id}`)).json<Message[]>();
    expect(chat).toHaveLength(1);
    expect(chat[0]).toMatchObject({
      sender_id: asker.id,
      listing_id: listing.id,
      content: TRADE_TEXTS.interestDefault,
    });

    const interested = (await call(owner, 'GET', `/api/listings/${listing.id}/interests`)).json<InterestedMember[]>();
    expect(interested.map((m) => m.id)).toEqual([asker.id]);
    expect((await status(asker, listing.id)).interested).toBe(true);
    expect((await notices(owner)).map((n) => [n.type, n.from_user?.id])).toEqual([['listing_interest', asker.id]]);
    await expect.poll(() => updates).toEqual([{ listing_id: listing.id }]);
    expect(ownerTab.received.map((m) => m.listing_id)).toEqual([listing.id]);
  });

  it('lists the interested members newest first, only to the owner', async () => {
    const { owner, asker, listing } = await setting();
    const later = await createUser(ctx);
    await like(asker, listing.id);
    await like(later, listing.id);
    const res = await call(owner, 'GET', `/api/listings/${listing.id}/interests`);
    expect(res.json<InterestedMember[]>().map((m) => m.id)).toEqual([later.id, asker.id]);
    expect((await call(asker, 'GET', `/api/listings/${listing.id}/interests`)).statusCode).toBe(403);
  });

  it('refuses interest on a listing the member cannot see, on their own, from a blocked member, and once gone', async () => {
    const { owner, asker, listing } = await setting();
    const friendsOnly = await createListing(ctx, owner, { is_public: false });
    expect((await like(asker, friendsOnly.id)).statusCode).toBe(404);
    expect((await like(asker, 999_999)).statusCode).toBe(404);
    expect((await like(owner, listing.id)).statusCode).toBe(403);

    const blocked = await createUser(ctx);
    await block(owner, blocked.id);
    expect((await like(blocked, listing.id)).statusCode).toBe(404);
    const blocker = await createUser(ctx);
    await block(blocker, owner.id);
    expect((await like(blocker, listing.id)).statusCode).toBe(404);
    expect(
      await ctx.db.selectFrom('listing_interests').selectAll().where('listing_id', '=', listing.id).execute(),
    ).toEqual([]);

    const gone = await createListing(ctx, owner, { state_id: LISTING_STATES.gone });
    expect((await like(asker, gone.id)).statusCode).toBe(409);
  });

  it('hides a member from the interested list once either blocks the other', async () => {
    const { owner, asker, listing } = await setting();
    await like(asker, listing.id);
    await block(asker, owner.id);
    expect((await call(owner, 'GET', `/api/listings/${listing.id}/interests`)).json()).toEqual([]);
    expect((await reserve(owner, listing.id, asker.id)).statusCode).toBe(403);
    expect((await handOver(owner, listing.id, { kind: 'given', user_id: asker.id })).statusCode).toBe(403);
    expect((await handOver(owner, listing.id, { kind: 'given', username: asker.username })).statusCode).toBe(403);
  });

  it('reserves for an interested member with a pickup note: "Reserved for you" to them, "Reserved" to others, live', async () => {
    const { owner, asker, listing } = await setting();
    const other = await createUser(ctx);
    await like(asker, listing.id);
    const askerTab = await connectTab(url, asker.token, open);
    const updates: TradeUpdated[] = [];
    const live: Notification[] = [];
    askerTab.socket.on('trade_updated', (u) => updates.push(u));
    askerTab.socket.on('notification', (n) => live.push(n));

    expect((await reserve(owner, listing.id, other.id)).statusCode).toBe(422);
    expect((await reserve(owner, listing.id, asker.id, 'Saturday 10am at the gate')).statusCode).toBe(204);

    expect(await status(asker, listing.id)).toMatchObject({
      state_id: LISTING_STATES.reserved,
      reserved_for_me: true,
      reserved_for: { id: asker.id },
      pickup_note: 'Saturday 10am at the gate',
    });
    expect(await status(other, listing.id)).toMatchObject({
      state_id: LISTING_STATES.reserved,
      reserved_for_me: false,
      reserved_for: null,
      pickup_note: null,
    });
    expect((await status(owner, listing.id)).reserved_for?.id).toBe(asker.id);
    expect((await call(other, 'GET', `/api/listings/${listing.id}`)).json().state_id).toBe(LISTING_STATES.reserved);
    await expect.poll(() => updates.length).toBeGreaterThan(0);
    await expect
      .poll(() => live.map((n) => [n.type, n.note]))
      .toEqual([['listing_reserved', 'Saturday 10am at the gate']]);

    expect((await call(owner, 'DELETE', `/api/listings/${listing.id}/reservation`)).statusCode).toBe(204);
    expect(await status(asker, listing.id)).toMatchObject({
      state_id: LISTING_STATES.available,
      reserved_for_me: false,
    });
    expect((await notices(asker)).map((n) => n.type)).toEqual(['reservation_cancelled', 'listing_reserved']);
    expect((await call(owner, 'DELETE', `/api/listings/${listing.id}/reservation`)).statusCode).toBe(409);
  });

  it('lets only the owner reserve, un-reserve or hand over', async () => {
    const { owner, asker, listing } = await setting();
    await like(asker, listing.id);
    expect((await reserve(asker, listing.id, asker.id)).statusCode).toBe(403);
    await reserve(owner, listing.id, asker.id);
    expect((await call(asker, 'DELETE', `/api/listings/${listing.id}/reservation`)).statusCode).toBe(403);
    expect((await handOver(asker, listing.id, { kind: 'given', user_id: asker.id })).statusCode).toBe(403);
    const hidden = await createListing(ctx, owner, { is_public: false });
    expect((await reserve(asker, hidden.id, asker.id)).statusCode).toBe(404);
    expect((await handOver(asker, hidden.id, { kind: 'given', user_id: asker.id })).statusCode).toBe(404);
    expect((await status(asker, listing.id)).state_id).toBe(LISTING_STATES.reserved);
  });

  it('hands over to a member by username: Gone, both asked for thanks, thanks once each, counted on the seller page', async () => {
    const { owner, asker, listing } = await setting();
    const friend = await createUser(ctx);
    await befriend(ctx, owner, friend);
    expect((await handOver(owner, listing.id, { kind: 'given', username: 'nobody_at_all' })).statusCode).toBe(422);
    expect((await handOver(owner, listing.id, { kind: 'given', user_id: owner.id })).statusCode).toBe(422);
    expect((await handOver(owner, listing.id, { kind: 'lent', user_id: friend.id })).statusCode).toBe(422);

    const tabs = [await connectTab(url, owner.token, open), await connectTab(url, friend.token, open)];
    const heard = tabs.map(() => [] as TradeUpdated[]);
    tabs.forEach((tab, i) => tab.socket.on('trade_updated', (u) => heard[i]!.push(u)));

    const res = await handOver(owner, listing.id, { kind: 'swapped', username: friend.username.toUpperCase() });
    expect(res.statusCode).toBe(201);
    const trade = res.json<Trade>();
    for (const events of heard)
      await expect.poll(() => events).toContainEqual({ listing_id: listing.id, trade_id: trade.id });
    expect(trade).toMatchObject({ kind: 'swapped', owner: { id: owner.id }, receiver: { id: friend.id } });
    expect((await status(asker, listing.id)).state_id).toBe(LISTING_STATES.gone);
    expect((await handOver(owner, listing.id, { kind: 'given', user_id: friend.id })).statusCode).toBe(409);
    expect((await like(asker, listing.id)).statusCode).toBe(409);

    for (const member of [owner, friend])
      expect((await notices(member)).map((n) => [n.type, n.note])).toContainEqual([
        'trade_thanks_asked',
        'Zucchini glut',
      ]);

    // A stranger to the trade can neither see nor thank it.
    expect((await call(asker, 'GET', `/api/trades/${trade.id}`)).statusCode).toBe(404);
    expect((await thank(asker, trade.id, 'Nice')).statusCode).toBe(404);

    expect((await thank(friend, trade.id, '')).statusCode).toBe(422);
    expect((await thank(friend, trade.id, 'x'.repeat(THANKS_MAX + 1))).statusCode).toBe(422);
    expect((await thank(friend, trade.id, 'x'.repeat(THANKS_MAX))).statusCode).toBe(201);
    expect((await thank(friend, trade.id, 'Again')).statusCode).toBe(409);
    const back = await thank(owner, trade.id, 'Lovely to meet you');
    expect(back.statusCode).toBe(201);

    expect((await call(friend, 'GET', `/api/trades/${trade.id}`)).json<Trade>().thanked_by_me).toBe(true);
    expect((await notices(owner)).map((n) => n.type)).toContain('thanks_received');

    const record = (await call(asker, 'GET', `/api/auth/users/${owner.id}/trades`)).json<TradeRecord>();
    expect(record).toMatchObject({ trade_count: 1, thanks_count: 1 });
    expect(record.latest_thanks.map((t) => [t.from_user.id, t.listing_title])).toEqual([[friend.id, 'Zucchini glut']]);
    expect((await call(asker, 'GET', `/api/auth/users/${friend.id}/trades`)).json<TradeRecord>()).toMatchObject({
      trade_count: 1,
      thanks_count: 1,
    });
  });

  it('lets a member hide a thanks given to them, and no one else', async () => {
    const { owner, asker, listing } = await setting();
    await like(asker, listing.id);
    const trade = (await handOver(owner, listing.id, { kind: 'sold', user_id: asker.id })).json<Trade>();
    const thanks = (await thank(asker, trade.id, 'Best zucchini ever')).json<{ id: number }>();
    expect((await call(asker, 'POST', `/api/thanks/${thanks.id}/hide`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/thanks/${thanks.id}/hide`)).statusCode).toBe(204);
    const record = (await call(asker, 'GET', `/api/auth/users/${owner.id}/trades`)).json<TradeRecord>();
    expect(record).toEqual({ trade_count: 1, thanks_count: 0, latest_thanks: [] });
  });

  it('shows a card of a listing the reader can no longer see as not there', async () => {
    const { owner, asker, listing } = await setting();
    await like(asker, listing.id);
    await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}/visibility`,
      as: owner,
      payload: { is_public: false },
    });
    const chat = (await call(asker, 'GET', `/api/messages/${owner.id}`)).json<Message[]>();
    expect(chat[0]!.listing_id).toBe(listing.id);
    expect((await call(asker, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await call(asker, 'GET', `/api/listings/${listing.id}/trade`)).statusCode).toBe(404);
  });
});
