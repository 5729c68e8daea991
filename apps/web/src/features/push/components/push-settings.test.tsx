import type { PushSettings as Settings } from '@gardenswap/shared/push';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, mockApi } from '../../../test/api-stubs';
import { ENDPOINT, type PushBrowserOptions, installPushBrowser } from '../../../test/push-browser';
import { json, renderWithProviders } from '../../../test/render';
import { PushSettings } from './push-settings';

/** The server's VAPID public key: 65 bytes, base64url. */
const KEY = btoa(String.fromCharCode(...Array.from({ length: 65 }, (_, i) => (i * 7) % 256)))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const ALL_OFF: Settings = {
  public_key: KEY,
  switches: { messages: false, matches: false, friend_requests: false, trades: false, events: false },
  devices: 0,
};
const withMessages = (settings: Settings, on: boolean, devices = settings.devices): Settings => ({
  ...settings,
  switches: { ...settings.switches, messages: on },
  devices,
});

let browser: ReturnType<typeof installPushBrowser> | undefined;
afterEach(() => {
  browser?.restore();
  browser = undefined;
});

/** Opens the section in a browser set up as `options` says (none: jsdom as it is, without push). */
function open(settings: Settings, handlers: Parameters<typeof mockApi>[0] = {}, options?: PushBrowserOptions) {
  if (options) browser = installPushBrowser(options);
  const api = mockApi({ 'GET /api/push/settings': json(settings), ...handlers });
  renderWithProviders(<PushSettings />, { auth: { id: 1, username: 'maria' } });
  return api;
}

const section = () => screen.findByRole('region', { name: 'Notifications on this device' });
const messagesSwitch = async () => within(await section()).getByRole('switch', { name: 'Messages' });

describe('the push switches on the profile', () => {
  it('shows one labelled switch per kind, all off at first', async () => {
    open(ALL_OFF, {}, {});
    const switches = within(await section()).getAllByRole('switch');
    expect(switches.map((s) => s.getAttribute('aria-labelledby'))).toEqual([
      'push-messages',
      'push-matches',
      'push-friend_requests',
      'push-trades',
      'push-events',
    ]);
    for (const s of switches) expect(s).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Friend requests' })).toHaveAccessibleDescription(
      'When someone asks to be your friend, or accepts.',
    );
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn off on this device' })).toBeNull();
  });

  it('subscribes this browser before turning the first switch on: permission, push service, POST, then PATCH', async () => {
    const api = open(
      ALL_OFF,
      {
        'POST /api/push/subscriptions': json({}, 201),
        'PATCH /api/push/settings': json(withMessages(ALL_OFF, true, 1)),
      },
      { permission: 'default', answer: 'granted' },
    );
    await userEvent.click(await messagesSwitch());
    await waitFor(() => expect(calls(api)).toContain('PATCH /api/push/settings'));
    expect(browser!.notification.requestPermission).toHaveBeenCalledOnce();
    const [{ applicationServerKey, userVisibleOnly }] = browser!.pushManager.subscribe.mock.calls[0]!;
    expect(userVisibleOnly).toBe(true);
    expect(
      btoa(String.fromCharCode(...applicationServerKey))
        .replace(/\+/g, '-')
        .replace(/\//g, '_'),
    ).toMatch(new RegExp(`^${KEY}=*$`));
    const bodies = api.mock.calls.map(([input, init]) => [`${init?.method} ${String(input)}`, init?.body]);
    expect(bodies.filter(([call]) => call !== 'GET /api/push/settings')).toEqual([
      [
        'POST /api/push/subscriptions',
        JSON.stringify({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPublicKey', auth: 'secret' } }),
      ],
      ['PATCH /api/push/settings', JSON.stringify({ messages: true })],
    ]);
    expect(await messagesSwitch()).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Turn off on this device' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('only saves the switch when this browser already receives pushes', async () => {
    const api = open(
      withMessages(ALL_OFF, true, 1),
      {
        'PATCH /api/push/settings': json({
          ...withMessages(ALL_OFF, true, 1),
          switches: { ...ALL_OFF.switches, messages: true, trades: true },
        }),
      },
      { permission: 'granted', subscribedWithKey: KEY },
    );
    await userEvent.click(within(await section()).getByRole('switch', { name: 'Trades' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Trades' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Trades' })).toBeChecked();
    expect(calls(api).filter((c) => c !== 'GET /api/push/settings')).toEqual(['PATCH /api/push/settings']);
    expect(browser!.notification.requestPermission).not.toHaveBeenCalled();
    expect(browser!.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('flips back and says notifications are blocked when the member refuses the browser’s question', async () => {
    const api = open(ALL_OFF, {}, { permission: 'default', answer: 'denied' });
    await userEvent.click(await messagesSwitch());
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Notifications are blocked for Gardenswap in this browser’s settings.',
    );
    expect(await messagesSwitch()).not.toBeChecked();
    expect(calls(api)).toEqual(['GET /api/push/settings']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('flips back with "Could not turn on notifications" when the push service cannot be reached', async () => {
    const api = open(ALL_OFF, {}, { permission: 'granted', pushServiceDown: true });
    await userEvent.click(await messagesSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not turn on notifications. Please try again.');
    expect(await messagesSwitch()).not.toBeChecked();
    expect(calls(api)).toEqual(['GET /api/push/settings']);
  });

  it('flips back, and forgets the new subscription, when the server does not take it', async () => {
    const api = open(
      ALL_OFF,
      { 'POST /api/push/subscriptions': json({ detail: 'x', code: 'INTERNAL' }, 500) },
      { permission: 'granted' },
    );
    await userEvent.click(await messagesSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save your notification setting. Please try again.',
    );
    expect(await messagesSwitch()).not.toBeChecked();
    expect(browser!.subscription()).toBeNull();
    expect(calls(api)).not.toContain('PATCH /api/push/settings');
  });

  it('flips back with "Failed to save" when the switch itself is not saved', async () => {
    open(
      withMessages(ALL_OFF, true, 1),
      { 'PATCH /api/push/settings': json({ detail: 'x', code: 'INTERNAL' }, 500) },
      { permission: 'granted', subscribedWithKey: KEY },
    );
    await userEvent.click(await messagesSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save your notification setting. Please try again.',
    );
    expect(await messagesSwitch()).toBeChecked();
  });

  it('turns this device off alone: DELETE with its endpoint, and the browser unsubscribes', async () => {
    const on = withMessages(ALL_OFF, true, 1);
    const api = open(
      on,
      { 'DELETE /api/push/subscriptions': json(null, 204) },
      { permission: 'granted', subscribedWithKey: KEY },
    );
    const held = browser!.subscription()!;
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off on this device' }));
    await waitFor(() => expect(held.unsubscribe).toHaveBeenCalled());
    const deleted = api.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(deleted?.[1]?.body).toBe(JSON.stringify({ endpoint: ENDPOINT }));
    // The switches still say what the member's other devices get.
    expect(await messagesSwitch()).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
  });

  it('replaces a subscription made with a key the server no longer uses', async () => {
    const api = open(
      ALL_OFF,
      {
        'POST /api/push/subscriptions': json({}, 201),
        'PATCH /api/push/settings': json(withMessages(ALL_OFF, true, 1)),
      },
      { permission: 'granted', subscribedWithKey: 'BOldKey' },
    );
    const old = browser!.subscription()!;
    // Made with a key the server no longer signs with: this browser receives nothing from it.
    expect(screen.queryByRole('button', { name: 'Turn off on this device' })).toBeNull();
    await userEvent.click(await messagesSwitch());
    await waitFor(() => expect(calls(api)).toContain('PATCH /api/push/settings'));
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser!.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(calls(api).filter((c) => c !== 'GET /api/push/settings')).toEqual([
      'POST /api/push/subscriptions',
      'PATCH /api/push/settings',
    ]);
    expect(await screen.findByRole('button', { name: 'Turn off on this device' })).toBeEnabled();
  });

  it('says the browser cannot show notifications, and leaves the switches to the member’s other devices', async () => {
    open(ALL_OFF);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This browser cannot show notifications from Gardenswap.',
    );
    for (const s of within(await section()).getAllByRole('switch')) expect(s).toBeDisabled();
  });

  it('steers the other devices from a browser without push: the switch is only saved', async () => {
    const api = open(withMessages(ALL_OFF, false, 2), {
      'PATCH /api/push/settings': json(withMessages(ALL_OFF, true, 2)),
    });
    await userEvent.click(await messagesSwitch());
    await waitFor(() => expect(calls(api)).toContain('PATCH /api/push/settings'));
    expect(await messagesSwitch()).toBeChecked();
  });

  it('tells an iPhone in Safari to add Gardenswap to the Home Screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    );
    open(ALL_OFF);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Add Gardenswap to your Home Screen to get notifications: tap Share, then “Add to Home Screen”.',
    );
  });

  it('says so when notifications were blocked before', async () => {
    open(withMessages(ALL_OFF, true, 1), {}, { permission: 'denied' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Notifications are blocked for Gardenswap in this browser’s settings.',
    );
    // The member's phone still gets what the switches say.
    expect(await messagesSwitch()).toBeEnabled();
  });
});
