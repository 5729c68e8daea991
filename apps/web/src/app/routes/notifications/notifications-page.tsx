import { FRESH_TEXTS } from '@gardenswap/shared/fresh-texts';
import { NOTIFICATION_TEXTS, type Notification } from '@gardenswap/shared/notifications';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { imageUrl } from '../../../lib/api-client';
import { dayLabel, timeOfDay } from '../../../lib/format';
import {
  EVENT_NOTIFICATION_TYPES,
  EventNotificationText,
} from '../../../features/events/components/event-notification-text';
import { RenewButton } from '../../../features/listings/components/renew-button';
import { useMarkRead } from '../../../features/notifications/api/use-mark-read';
import { useNotifications } from '../../../features/notifications/api/use-notifications';
import {
  TRADE_NOTIFICATION_TYPES,
  TradeNotificationText,
} from '../../../features/trade/components/trade-notification-text';
import '../../../features/notifications/notifications.css';

/** What happened, with links to the listing and the member it is about. */
function NotificationText({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { from_user: from, listing, want } = notification;
  const member = from ? (
    <Link to={`/seller/${from.id}`} onClick={onOpen}>
      {from.username}
    </Link>
  ) : (
    'A member'
  );
  const listingLink = listing ? (
    <Link to={`/listings/${listing.id}`} onClick={onOpen}>
      <strong>{listing.title}</strong>
    </Link>
  ) : (
    'a listing'
  );
  if (notification.type === 'match')
    return (
      <>
        You got a match: {listingLink} by {member} matches {want ? <strong>{want.title}</strong> : 'an item'} on your
        wish list.
      </>
    );
  if (notification.type === 'listing_hidden')
    return (
      <>
        A moderator hid your listing {listingLink}. Other members no longer see it. Reason: {notification.note}
      </>
    );
  if (notification.type === 'listing_unhidden')
    return (
      <>
        A moderator made your listing {listingLink} visible again. Reason: {notification.note}
      </>
    );
  if (notification.type === 'suspension_lifted')
    return <>A moderator lifted the suspension of your account. Reason: {notification.note}</>;
  if (notification.type === 'listing_renew' || notification.type === 'listing_paused') {
    const title = listing ? (
      <Link to={`/listings/${listing.id}`} onClick={onOpen}>
        <strong>{listing.title}</strong>
      </Link>
    ) : (
      'your listing'
    );
    const asked = notification.type === 'listing_renew';
    return (
      <>
        {asked ? (
          <>Is {title} still available? Renew it so buyers know it is fresh.</>
        ) : (
          <>{title} paused itself because it was not renewed. Reactivate it to show it again.</>
        )}
        {listing && (
          <>
            <br />
            <RenewButton
              listingId={listing.id}
              label={asked ? FRESH_TEXTS.stillAvailable : FRESH_TEXTS.reactivate}
              onRenewed={onOpen}
            />
          </>
        )}
      </>
    );
  }
  if (EVENT_NOTIFICATION_TYPES.has(notification.type))
    return <EventNotificationText notification={notification} member={member} onOpen={onOpen} />;
  if (TRADE_NOTIFICATION_TYPES.has(notification.type))
    return <TradeNotificationText notification={notification} member={member} onOpen={onOpen} />;
  if (notification.type === 'moderation_warning') return <>A warning from the moderators: {notification.note}</>;
  if (notification.type === 'report_outcome') return <>{notification.note}</>;
  if (notification.type === 'friend_request')
    return (
      <>
        {member} sent you a friend request.{' '}
        <Link to="/myfriends" onClick={onOpen}>
          Answer it
        </Link>
      </>
    );
  return <>{member} accepted your friend request.</>;
}

/** /notifications: matches, friend requests, trades and events, newest first; opening one marks it read. */
export default function NotificationsPage() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.filter((n) => n.read_at === null) ?? [];

  return (
    <div className="notifications-page">
      <div className="page-header spread">
        <h1>{NOTIFICATION_TEXTS.notificationsTitle}</h1>
        {unread.length > 0 && (
          <button type="button" className="button" disabled={markRead.isPending} onClick={() => markRead.mutate({})}>
            {NOTIFICATION_TEXTS.markAllRead}
          </button>
        )}
      </div>
      <ErrorBanner message={markRead.isError ? 'Failed to mark notifications as read. Please try again.' : null} />
      {notifications.isPending ? (
        <Loading />
      ) : notifications.isError ? (
        <>
          <ErrorBanner message="Failed to load notifications. Please try again later." />
          <button type="button" className="button" onClick={() => void notifications.refetch()}>
            Try again
          </button>
        </>
      ) : notifications.data.length === 0 ? (
        <EmptyState>
          <p>{NOTIFICATION_TEXTS.notificationsEmpty}</p>
          <p className="muted">
            Add what you are looking for to your <Link to="/post-want">wish list</Link>: you are told here as soon as
            someone lists it.
          </p>
        </EmptyState>
      ) : (
        <ul className="notifications-list" aria-label={NOTIFICATION_TEXTS.notificationsTitle}>
          {notifications.data.map((n) => {
            const isUnread = n.read_at === null;
            const open = () => {
              if (isUnread) markRead.mutate({ ids: [n.id] });
            };
            return (
              <li key={n.id} className={`notification-item${isUnread ? ' notification-unread' : ''}`}>
                {n.type !== 'listing_hidden' && n.listing?.thumbnail ? (
                  <img src={imageUrl(n.listing.thumbnail)} alt="" width={40} height={40} className="avatar" />
                ) : (
                  <Avatar src={n.from_user?.profile_picture} name={n.from_user?.username ?? 'Gardenswap'} size={40} />
                )}
                <p className="notification-text">
                  {isUnread && <span className="visually-hidden">Unread: </span>}
                  <NotificationText notification={n} onOpen={open} />
                  <time className="notification-time" dateTime={n.created_at}>
                    {dayLabel(n.created_at)} {timeOfDay(n.created_at)}
                  </time>
                </p>
                {isUnread && <span className="notification-dot" aria-hidden />}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
