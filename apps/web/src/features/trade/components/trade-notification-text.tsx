import type { Notification } from '@gardenswap/shared/notifications';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PICKUP_NOTIFICATION_TYPES, PickupNotificationText } from './pickup-notification-text';

/** The notification types of a trade. */
export const TRADE_NOTIFICATION_TYPES = new Set<Notification['type']>([
  'listing_interest',
  'listing_reserved',
  'reservation_cancelled',
  'trade_thanks_asked',
  'thanks_received',
  ...PICKUP_NOTIFICATION_TYPES,
]);

/** What happened in a trade or its pickup, with links to the listing, the chat and the thanks. */
export function TradeNotificationText(props: { notification: Notification; member: ReactNode; onOpen: () => void }) {
  const { notification, member, onOpen } = props;
  const { listing, from_user: from } = notification;
  const title = listing ? (
    <Link to={`/listings/${listing.id}`} onClick={onOpen}>
      <strong>{listing.title}</strong>
    </Link>
  ) : (
    'a listing'
  );
  if (PICKUP_NOTIFICATION_TYPES.has(notification.type))
    return <PickupNotificationText notification={notification} member={member} title={title} />;
  switch (notification.type) {
    case 'listing_interest':
      return (
        <>
          {member} would like {title}.{' '}
          {from && (
            <Link to={`/messages/${from.id}`} onClick={onOpen}>
              Open the chat
            </Link>
          )}
        </>
      );
    case 'listing_reserved':
      return (
        <>
          {member} reserved {title} for you.{notification.note ? ` Pickup: ${notification.note}` : ''}
        </>
      );
    case 'reservation_cancelled':
      return (
        <>
          {member} no longer keeps {title} for you.
        </>
      );
    case 'trade_thanks_asked':
      return (
        <>
          <strong>{notification.note}</strong> changed hands with {member}.{' '}
          <Link to="/trades" onClick={onOpen}>
            Say thanks
          </Link>
        </>
      );
    default:
      return (
        <>
          {member} thanked you: “{notification.note}”
        </>
      );
  }
}
