import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Workbox } from 'workbox-window';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINK_QUIET_MS } from '../features/pwa/link-quiet';
import { UPDATE_CHECK_MS, page, registerServiceWorker } from '../features/pwa/register-service-worker';
import { announceUpdate } from '../features/pwa/update-state';
import { UpdatePrompt } from './update-prompt';

/** workbox-window as the page sees it: the events of the service worker's life, fired by the test. */
class FakeWorkbox {
  readonly registration = { update: vi.fn(async () => undefined) };
  readonly register = vi.fn(async () => this.registration);
  readonly messageSkipWaiting = vi.fn();
  private listeners = new Map<string, (() => void)[]>();

  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** The browser reports a step: a new worker `waiting`, or a new worker `controlling` the page. */
  fire(type: 'waiting' | 'controlling') {
    act(() => this.listeners.get(type)?.forEach((listener) => listener()));
  }
}

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval'] });
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  act(() => announceUpdate(null));
});

async function start() {
  const workbox = new FakeWorkbox();
  render(<UpdatePrompt />);
  registerServiceWorker(workbox as unknown as Workbox);
  await act(async () => {});
  return workbox;
}

describe('a new release of the app', () => {
  it('shows nothing while the page runs the newest release', async () => {
    const workbox = await start();
    expect(workbox.register).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is offered once it waits, and Reload switches to it and reloads the page once', async () => {
    const workbox = await start();
    workbox.fire('waiting');
    expect(await screen.findByRole('status')).toHaveTextContent('A new version is ready');
    // The old worker keeps serving this page until the member chooses.
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    vi.useFakeTimers({ toFake: ['setInterval', 'setTimeout', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByRole('button', { name: 'Reloading...' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(LINK_QUIET_MS);
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    // Only once the new worker controls the page: its files, never a mix.
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling');
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('asks the new release to take over only once no link has appeared or been pointed at for a while', async () => {
    const workbox = await start();
    workbox.fire('waiting');
    await screen.findByRole('status');
    vi.useFakeTimers({ toFake: ['setInterval', 'setTimeout', 'Date'] });
    await vi.advanceTimersByTimeAsync(LINK_QUIET_MS);
    // A screen with a link opens, and the member taps Reload straight away.
    const link = document.createElement('a');
    link.href = '/listings';
    link.textContent = 'Marketplace';
    document.body.append(link);
    await vi.advanceTimersByTimeAsync(LINK_QUIET_MS / 2);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.advanceTimersByTimeAsync(LINK_QUIET_MS / 2 - 1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    // A pointer passing over the link puts it off again; text without links does not.
    fireEvent.pointerOver(link);
    const text = document.createElement('p');
    text.textContent = 'Saved';
    await vi.advanceTimersByTimeAsync(LINK_QUIET_MS / 2);
    document.body.append(text);
    await vi.advanceTimersByTimeAsync(LINK_QUIET_MS / 2 - 1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    link.remove();
    text.remove();
  });

  it('is offered in a tab still on the old release once another tab switched to the new one', async () => {
    const workbox = await start();
    workbox.fire('controlling');
    expect(await screen.findByRole('status')).toHaveTextContent('A new version is ready');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('is looked for every hour, and each time the page comes back into view', async () => {
    const workbox = await start();
    expect(workbox.registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(workbox.registration.update).toHaveBeenCalledTimes(1);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.registration.update).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.registration.update).toHaveBeenCalledTimes(2);
  });
});
