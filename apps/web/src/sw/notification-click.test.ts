import { describe, expect, it, vi } from 'vitest';
import { OPEN_SCREEN } from './messages';
import { openScreen, screenOf } from './notification-click';

/** A window of the site as the worker sees it; `focus` fails as it does once the tap's permission ran out. */
function windowAt(path: string, { focusFails = false } = {}) {
  const client = {
    url: `https://gardenswap.example${path}`,
    postMessage: vi.fn(),
    focus: vi.fn(async () => {
      if (focusFails) throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError');
      return client;
    }),
  };
  return client;
}

/** The worker's global scope, with the windows it finds (most recently focused first). */
function workerWith(windows: ReturnType<typeof windowAt>[]) {
  return {
    location: { origin: 'https://gardenswap.example' },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  } as unknown as ServiceWorkerGlobalScope & {
    clients: { matchAll: ReturnType<typeof vi.fn>; openWindow: ReturnType<typeof vi.fn> };
  };
}

describe('a tapped notification', () => {
  it('opens the path it names, and only a path of this site', () => {
    expect(screenOf({ url: '/messages/7' })).toBe('/messages/7');
    for (const url of ['https://elsewhere.example/', '//elsewhere.example/x', '/\\elsewhere.example', 'messages', 7])
      expect(screenOf({ url })).toBe('/listings');
    expect(screenOf(null)).toBe('/listings');
  });

  it('brings the window used last forward and has it show the screen', async () => {
    const last = windowAt('/listings');
    const earlier = windowAt('/profile');
    const worker = workerWith([last, earlier]);
    await openScreen(worker, '/messages/7');
    expect(last.focus).toHaveBeenCalled();
    expect(last.postMessage).toHaveBeenCalledWith({ type: OPEN_SCREEN, url: '/messages/7' });
    expect(earlier.postMessage).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('still shows the screen when the window cannot be focused', async () => {
    const open = windowAt('/listings', { focusFails: true });
    await openScreen(workerWith([open]), '/messages/7');
    expect(open.postMessage).toHaveBeenCalledWith({ type: OPEN_SCREEN, url: '/messages/7' });
  });

  it('opens a new window when no window of the app is open (a page the API answers is not one)', async () => {
    const api = windowAt('/api/account/export');
    const worker = workerWith([api]);
    await openScreen(worker, '/messages/7');
    expect(api.postMessage).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith('https://gardenswap.example/messages/7');
  });
});
