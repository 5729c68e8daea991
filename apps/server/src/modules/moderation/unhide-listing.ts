import type { FastifyInstance } from 'fastify';
import { insertNotification } from '../notifications/notifications.queries.js';
import { insertAction } from './audit-log.queries.js';
import { findListingToUnhide, unhideListingRow } from './hidden-listings.queries.js';
import { listingUnhiddenMail } from './mails/listing-unhidden.mail.js';
import { listingLabel, memberContact } from './moderation.queries.js';
import { pushNotices } from './push-notices.js';

/**
 * A moderator shows a listing they (or another moderator) hid again, in one transaction: the
 * listing's flag cleared (the one visibility rule then shows it again, every list and cache
 * hearing of the write), the audit log entry, the notice and the e-mail to its owner. Then the
 * notice is pushed and wish lists it matches are told. The log entry's id, or why nothing was done.
 */
export async function unhideListing(
  app: FastifyInstance,
  moderatorId: number,
  listingId: number,
  note: string,
): Promise<number | 'gone' | 'self' | 'not-hidden'> {
  const listing = await findListingToUnhide(app.db, listingId);
  if (!listing) return 'gone';
  if (listing.owner_id === moderatorId) return 'self';
  if (listing.hidden_reason === null) return 'not-hidden';

  const done = await app.db.transaction().execute(async (trx) => {
    // Another moderator may have got there first.
    if (!(await unhideListingRow(trx, listing.id))) return undefined;
    const owner = await memberContact(trx, listing.owner_id);
    const actionId = await insertAction(trx, {
      moderator_id: moderatorId,
      action: 'unhide_listing',
      target_type: 'listing',
      target_id: listing.id,
      target_label: listingLabel(listing.title),
      member_id: listing.owner_id,
      note,
      suspended_until: null,
      reports_resolved: 0,
    });
    const noticeId = await insertNotification(trx, {
      user_id: listing.owner_id,
      type: 'listing_unhidden',
      listing_id: listing.id,
      match_key: `moderation:${actionId}`,
      note,
    });
    if (owner)
      await app.mailer.send(
        {
          to: owner.email,
          ...(await listingUnhiddenMail({
            name: owner.first_name || owner.username,
            title: listing.title,
            reason: note,
            url: `${app.config.publicOrigin}/listings/${listing.id}`,
            ownerSuspended: listing.owner_suspended === 1,
          })),
        },
        trx,
      );
    return { actionId, notices: noticeId === undefined ? [] : [{ userId: listing.owner_id, id: noticeId }] };
  });
  if (!done) return 'not-hidden';
  await pushNotices(app, done.notices);
  // Wish lists it matches hear of it, and every list of it.
  await app.events.emit('listing.changed', { listingId: listing.id, ownerId: listing.owner_id });
  return done.actionId;
}
