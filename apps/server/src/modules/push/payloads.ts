import {
  EVENT_TIME_NOTICES,
  formatPickupTime,
  type NotificationType,
  PICKUP_TIME_NOTICES,
  PUSH_KIND_OF_NOTIFICATION,
  PUSH_NOTICE_TEXTS,
  PUSH_SOMEONE,
  PUSH_TEXTS,
  type PushKind,
  type PushPayload,
  PushPayloadSchema,
} from '@gardenswap/shared';

/** Cuts a text to `max` characters, an ellipsis marking the cut. */
export function cut(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** A stored notification as its push needs it: the ids it links to and the names it shows. */
export interface PushedNotice {
  id: number;
  type: NotificationType;
  listing_id: number | null;
  event_id: number | null;
  from_user_id: number | null;
  /** The other member's username; null when they are gone. */
  from_username: string | null;
  listing_title: string | null;
  want_title: string | null;
  event_title: string | null;
  note: string | null;
  /** The recipient's time zone, for a pickup's or an event's time. */
  time_zone: string;
}

/** The screen the in-app notification links to, where tapping its push leads. */
function urlOf(notice: PushedNotice): string {
  if (notice.event_id !== null) return `/events/${notice.event_id}`;
  const listing = notice.listing_id !== null ? `/listings/${notice.listing_id}` : '/notifications';
  switch (notice.type) {
    case 'friend_request':
      return '/myfriends';
    case 'friend_accepted':
      return notice.from_user_id !== null ? `/seller/${notice.from_user_id}` : '/myfriends';
    case 'listing_interest':
      return notice.from_user_id !== null ? `/messages/${notice.from_user_id}` : listing;
    case 'trade_thanks_asked':
    case 'thanks_received':
      return '/trades';
    default:
      return listing;
  }
}

const payload = (value: PushPayload) =>
  PushPayloadSchema.parse({ ...value, title: cut(value.title, 200), body: cut(value.body, 300) });

/** The push of a notification, or undefined for a type that is not pushed. */
export function noticePayload(notice: PushedNotice): PushPayload | undefined {
  const kind = PUSH_KIND_OF_NOTIFICATION[notice.type];
  const texts = PUSH_NOTICE_TEXTS[notice.type];
  if (!kind || !texts) return undefined;
  const { title, body } = texts({
    from: notice.from_username ?? PUSH_SOMEONE,
    listing: notice.listing_title ?? '',
    want: notice.want_title ?? '',
    event: notice.event_title ?? '',
    note:
      notice.note && (PICKUP_TIME_NOTICES.includes(notice.type) || EVENT_TIME_NOTICES.includes(notice.type))
        ? formatPickupTime(notice.note, notice.time_zone)
        : cut(notice.note ?? '', PUSH_TEXTS.messageBodyLength),
  });
  return payload({ kind, title, body, url: urlOf(notice), tag: `notification:${notice.id}` });
}

/** The push of a message: the sender's name, the text cut short, one notification per conversation. */
export function messagePayload(message: { sender_id: number; content: string }, senderName: string): PushPayload {
  return payload({
    kind: 'messages' satisfies PushKind,
    title: senderName,
    body: cut(message.content, PUSH_TEXTS.messageBodyLength),
    url: `/messages/${message.sender_id}`,
    tag: `chat:${message.sender_id}`,
  });
}

/** The push service's Topic for a tag: a newer push with the same one replaces an undelivered older one. */
export const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
