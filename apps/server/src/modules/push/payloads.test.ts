import { type NotificationType, PUSH_KIND_OF_NOTIFICATION, PushPayloadSchema } from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import { cut, messagePayload, noticePayload, topicOf } from './payloads.js';

const notice = (type: NotificationType) => ({
  id: 7,
  type,
  listing_id: type.startsWith('event_') ? null : 12,
  event_id: type.startsWith('event_') ? 21 : null,
  from_user_id: 3,
  from_username: 'jonas',
  listing_title: 'Heirloom tomatoes',
  want_title: 'tomatoes',
  event_title: 'Spring seed swap',
  note: 'Thank you for the seedlings!',
  time_zone: 'America/Denver',
});

describe('what a push says', () => {
  it('has a title, a body and a screen for every kind of notification that is pushed, and none for the others', () => {
    const pushed = Object.keys(PUSH_KIND_OF_NOTIFICATION) as NotificationType[];
    const urls = Object.fromEntries(pushed.map((type) => [type, noticePayload(notice(type))?.url]));
    expect(urls).toEqual({
      match: '/listings/12',
      friend_request: '/myfriends',
      friend_accepted: '/seller/3',
      listing_interest: '/messages/3',
      listing_reserved: '/listings/12',
      reservation_cancelled: '/listings/12',
      trade_thanks_asked: '/trades',
      thanks_received: '/trades',
      pickup_offered: '/listings/12',
      pickup_asked: '/listings/12',
      pickup_agreed: '/listings/12',
      pickup_cancelled: '/listings/12',
      pickup_reminder: '/listings/12',
      pickup_handover_asked: '/listings/12',
      event_changed: '/events/21',
      event_cancelled: '/events/21',
      event_reminder: '/events/21',
    });
    for (const type of pushed) {
      const payload = noticePayload({ ...notice(type), note: '2026-12-12T17:30:00.000Z' })!;
      expect(PushPayloadSchema.parse(payload)).toEqual(payload);
      expect(payload).toMatchObject({ kind: PUSH_KIND_OF_NOTIFICATION[type], tag: 'notification:7' });
      expect(payload.title.length).toBeGreaterThan(0);
    }
    expect(noticePayload(notice('friend_request'))).toMatchObject({ title: 'jonas wants to be your friend' });
    expect(noticePayload(notice('moderation_warning'))).toBeUndefined();
    expect(noticePayload(notice('listing_renew'))).toBeUndefined();
  });

  it("shows a pickup's agreed time in the recipient's own time zone", () => {
    const agreed = { ...notice('pickup_reminder'), note: '2026-12-12T17:30:00.000Z' };
    expect(noticePayload(agreed)?.title).toBe('Pickup with jonas at Sat, Dec 12, 10:30 AM MST');
    expect(noticePayload({ ...agreed, time_zone: 'America/New_York' })?.title).toBe(
      'Pickup with jonas at Sat, Dec 12, 12:30 PM EST',
    );
  });

  it("shows an event's start in the recipient's own time zone", () => {
    const reminder = { ...notice('event_reminder'), note: '2026-12-12T17:30:00.000Z' };
    expect(noticePayload(reminder)).toMatchObject({
      kind: 'events',
      title: 'Tomorrow: “Spring seed swap”',
      body: 'Starts Sat, Dec 12, 10:30 AM MST.',
    });
  });

  it('names "A member" who is gone', () => {
    expect(noticePayload({ ...notice('thanks_received'), from_username: null, from_user_id: null })).toMatchObject({
      title: 'A member thanked you',
      body: '“Thank you for the seedlings!”',
    });
  });

  it('cuts a message at 140 characters, counting an emoji as one, and folds its lines', () => {
    expect(cut('a\n\n b', 140)).toBe('a b');
    const long = messagePayload({ sender_id: 5, content: '🍅'.repeat(200) }, 'Maria');
    expect([...long.body]).toHaveLength(140);
    expect(long.body.endsWith('…')).toBe(true);
    expect(long).toMatchObject({ kind: 'messages', title: 'Maria', url: '/messages/5', tag: 'chat:5' });
  });

  it('makes a Topic of a tag from the characters a push service accepts, at most 32', () => {
    expect(topicOf('chat:42')).toBe('chat-42');
    expect(topicOf(`notification:${'9'.repeat(40)}`)).toHaveLength(32);
  });
});
