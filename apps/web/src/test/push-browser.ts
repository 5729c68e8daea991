import { vi } from 'vitest';

/**
 * Stand-ins for the browser APIs jsdom lacks (Notification, the service worker container, the push
 * manager), behaving as Chromium's do. `restore()` takes them away again: the web tests share one
 * window per worker.
 */
export interface PushBrowserOptions {
  /** Notification.permission before anything is asked. */
  permission?: NotificationPermission;
  /** What the member answers to the browser's question. */
  answer?: NotificationPermission;
  /** The push service cannot be reached (pushManager.subscribe rejects, as Chromium offline does). */
  pushServiceDown?: boolean;
  /** This browser already holds a subscription made with this key (base64url). */
  subscribedWithKey?: string;
}

export const ENDPOINT = 'https://push.example.net/send/device-1';

const bytesOf = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;

export function installPushBrowser(options: PushBrowserOptions = {}) {
  const state = { permission: options.permission ?? 'default' };
  let subscription: ReturnType<typeof makeSubscription> | null = null;

  function makeSubscription(key: ArrayBuffer) {
    const made = {
      endpoint: ENDPOINT,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPublicKey', auth: 'secret' } }),
      unsubscribe: vi.fn(async () => {
        if (subscription === made) subscription = null;
        return true;
      }),
    };
    return made;
  }
  if (options.subscribedWithKey) subscription = makeSubscription(bytesOf(options.subscribedWithKey));

  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(
      async ({ applicationServerKey }: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        if (options.pushServiceDown) throw new DOMException('Registration failed - push service error', 'AbortError');
        subscription = makeSubscription(applicationServerKey.slice().buffer);
        return subscription;
      },
    ),
  };
  const registration = { pushManager };
  const notification = {
    get permission() {
      return state.permission;
    },
    requestPermission: vi.fn(async () => {
      if (state.permission === 'default') state.permission = options.answer ?? 'granted';
      return state.permission;
    }),
  };

  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});

  return {
    pushManager,
    notification,
    /** The subscription this browser holds now. */
    subscription: () => subscription,
    restore() {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
      vi.unstubAllGlobals();
    },
  };
}
