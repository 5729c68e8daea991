import type { PushSettings } from '@gardenswap/shared/push';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { calls, mockApi } from '../../../test/api-stubs';
import { type PushBrowserOptions, installPushBrowser } from '../../../test/push-browser';
import { json, renderWithProviders } from '../../../test/render';
import { PushAskCard } from './push-ask-card';

const OFF: PushSettings = {
  public_key: 'BKey',
  switches: { messages: false, matches: false, friend_requests: false, trades: false, events: false },
  devices: 0,
};

let browser: ReturnType<typeof installPushBrowser> | undefined;
afterEach(() => {
  browser?.restore();
  browser = undefined;
});

function open(options: PushBrowserOptions | undefined, handlers: Parameters<typeof mockApi>[0] = {}, seen = false) {
  if (options) browser = installPushBrowser(options);
  const api = mockApi({ 'GET /api/push/settings': json(OFF), ...handlers });
  renderWithProviders(<PushAskCard />, {
    auth: { id: 1, username: 'maria' },
    beforeRender: () => {
      if (seen) localStorage.setItem('gardenswap.pushAskDismissed', '1');
    },
  });
  return api;
}

const card = () => screen.findByRole('region', { name: 'Get notified on this device?' });

describe('the card asking to notify this device', () => {
  it('turns message pushes on: permission, subscription, then the messages switch', async () => {
    const api = open(
      { permission: 'default', answer: 'granted' },
      {
        'POST /api/push/subscriptions': json({}, 201),
        'PATCH /api/push/settings': json({ ...OFF, switches: { ...OFF.switches, messages: true }, devices: 1 }),
      },
    );
    expect(await card()).toHaveTextContent('Know when they answer, even when Gardenswap is closed.');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(calls(api)).toEqual(['GET /api/push/settings', 'POST /api/push/subscriptions', 'PATCH /api/push/settings']);
    const patch = api.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[1]?.body).toBe(JSON.stringify({ messages: true }));
  });

  it('stays, saying so, when the push service cannot be reached', async () => {
    open({ permission: 'default', answer: 'granted', pushServiceDown: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not turn on notifications. Please try again.');
    expect(await card()).toBeInTheDocument();
  });

  it('goes away for good on "Not now"', async () => {
    open({ permission: 'default' });
    await card();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(localStorage.getItem('gardenswap.pushAskDismissed')).toBe('1');
  });

  it('goes away when the member blocks notifications at the browser’s question', async () => {
    const api = open({ permission: 'default', answer: 'denied' });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(calls(api)).toEqual(['GET /api/push/settings']);
  });

  it('never asks once answered: "Not now" before, permission given or refused, or a browser without push', async () => {
    for (const [options, seen] of [
      [{ permission: 'default' }, true],
      [{ permission: 'granted' }, false],
      [{ permission: 'denied' }, false],
      [undefined, false],
    ] as const) {
      const api = open(options, {}, seen);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('region'), JSON.stringify(options)).toBeNull();
      expect(calls(api)).toEqual([]);
      browser?.restore();
      browser = undefined;
      api.mockRestore();
    }
  });
});
