import { describe, expect, it } from 'vitest';
import { NOTIFICATION_BADGE, NOTIFICATION_ICON, notificationOf, readPayload } from './push';

const data = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
});
const MESSAGE = { kind: 'messages', title: 'Tom', body: 'Still there?', url: '/messages/7', tag: 'chat:7' };

describe('a push the service worker receives', () => {
  it('is read as the shared payload', () => {
    expect(readPayload(data(MESSAGE))).toEqual(MESSAGE);
  });

  it('is ignored when it is not one of ours: no data, not JSON, another shape, or a link off the site', () => {
    expect(readPayload(null)).toBeUndefined();
    expect(readPayload(data('not json'))).toBeUndefined();
    expect(readPayload(data({ title: 'Win a prize' }))).toBeUndefined();
    expect(readPayload(data({ ...MESSAGE, kind: 'ads' }))).toBeUndefined();
    expect(readPayload(data({ ...MESSAGE, url: 'https://elsewhere.example/' }))).toBeUndefined();
    expect(readPayload(data({ ...MESSAGE, url: '//elsewhere.example/' }))).toBeUndefined();
  });

  it('shows one notification per tag with the app icon and badge, alerting again for a newer message', () => {
    expect(notificationOf(readPayload(data(MESSAGE))!)).toEqual({
      body: 'Still there?',
      tag: 'chat:7',
      renotify: true,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      lang: 'en',
      data: { url: '/messages/7' },
    });
    const match = { kind: 'matches', title: 'A match', body: 'Basil', url: '/listings/3', tag: 'notification:9' };
    expect(notificationOf(readPayload(data(match))!).renotify).toBe(false);
  });
});
