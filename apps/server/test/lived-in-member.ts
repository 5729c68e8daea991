import sharp from 'sharp';
import type { TestContext } from './app.js';
import { befriend, createEvent, createListing, createUser, goTo, type TestUser } from './factories.js';
import { pairOf } from '../src/modules/relations/friends.sql.js';

/** A small real photo, as an upload would bring it. */
export const photoUpload = (background = '#3a7d44') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer();

/**
 * A member with a bit of everything, each marked with `tag` so a test can look for any trace of
 * them: a profile picture, a public and a friends-only listing with photos, a want, a friend who
 * talked with them, a pending request, a notification, a block, a report, an e-mail, and an event
 * with a photo that the friend is going to.
 */
export async function livedInMember(ctx: TestContext, tag: string) {
  const member = await createUser(ctx, { username: `leaver_${tag}`, city: 'Provo', state: 'UT', zip_code: '84601' });
  await ctx.db
    .updateTable('users')
    .set({ first_name: `First${tag}`, last_name: `Last${tag}`, address: `12 ${tag} Lane` })
    .where('id', '=', member.id)
    .execute();
  const avatar = await ctx.app.images.save(await photoUpload('#aa3344'));
  await ctx.app.images.remove([avatar.thumbnail]);
  await ctx.db.updateTable('users').set({ profile_picture: avatar.image }).where('id', '=', member.id).execute();

  const publicPhoto = await ctx.app.images.save(await photoUpload('#113355'));
  const publicListing = await createListing(ctx, member, {
    title: `Tomatoes ${tag}`,
    featured_image: publicPhoto.image,
    thumbnail: publicPhoto.thumbnail,
  });
  const privatePhoto = await ctx.app.images.save(await photoUpload('#557711'));
  const privateListing = await createListing(ctx, member, {
    title: `Seeds ${tag}`,
    is_public: false,
    featured_image: privatePhoto.image,
    thumbnail: privatePhoto.thumbnail,
  });
  const want = await ctx.db
    .insertInto('want_listings')
    .values({ user_id: member.id, title: `Basil ${tag}`, category_id: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();

  const friend = await createUser(ctx);
  await befriend(ctx, member, friend);
  const requested = await createUser(ctx);
  await ctx.db
    .insertInto('friendships')
    .values({ ...pairOf(member.id, requested.id), requester_id: member.id, status: 'pending' })
    .execute();
  await ctx.db
    .insertInto('notifications')
    .values([
      { user_id: requested.id, type: 'friend_request', from_user_id: member.id },
      { user_id: member.id, type: 'friend_accepted', from_user_id: friend.id },
    ])
    .execute();
  const blocked = await createUser(ctx);
  await ctx.db.insertInto('blocks').values({ blocker_id: member.id, blocked_id: blocked.id }).execute();
  await ctx.db
    .insertInto('reports')
    .values({ reporter_id: member.id, target_type: 'user', target_id: blocked.id, reason: `Rude ${tag}` })
    .execute();
  await ctx.db
    .insertInto('messages')
    .values([
      { sender_id: member.id, receiver_id: friend.id, content: `Hello from ${tag}`, client_id: null },
      { sender_id: friend.id, receiver_id: member.id, content: `Hi back to ${tag}`, client_id: null },
    ])
    .execute();
  const trade = await ctx.db
    .insertInto('trades')
    .values({
      listing_id: publicListing.id,
      listing_title: `Tomatoes ${tag}`,
      kind: 'given',
      owner_id: member.id,
      receiver_id: friend.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('thanks')
    .values([
      {
        trade_id: trade.id,
        from_user_id: member.id,
        to_user_id: friend.id,
        content: `Thanks ${tag}`,
        created_at: new Date().toISOString(),
      },
      {
        trade_id: trade.id,
        from_user_id: friend.id,
        to_user_id: member.id,
        content: `Cheers ${tag}`,
        created_at: new Date().toISOString(),
      },
    ])
    .execute();
  await ctx.db
    .insertInto('outbox')
    .values({ to_address: member.email, subject: `Welcome ${tag}`, html: '<p>hi</p>', text: 'hi', status: 'kept' })
    .execute();

  const eventPhoto = await ctx.app.images.save(await photoUpload('#775511'));
  const event = await createEvent(ctx, member, {
    title: `Swap ${tag}`,
    zip_code: '84601',
    photo: eventPhoto.image,
    thumbnail: eventPhoto.thumbnail,
  });
  await goTo(ctx, friend, event);

  return {
    member,
    friend,
    requested,
    blocked,
    avatar: avatar.image,
    publicListing: { ...publicListing, photo: publicPhoto },
    privateListing: { ...privateListing, photo: privatePhoto },
    wantId: want.id,
    event: { ...event, photo: eventPhoto },
  };
}

export type LivedInMember = Awaited<ReturnType<typeof livedInMember>>;
export type { TestUser };
