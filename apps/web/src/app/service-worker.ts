import { isOpenScreen } from '../sw/messages';

/** How long after the page's load the service worker waits before it installs, at the least. */
export const REGISTER_DELAY_MS = 3_000;

/**
 * Registers the service worker once the first screen has settled: the page loaded, then a moment
 * and an idle spell. Installing downloads the whole release into its cache, which would otherwise
 * compete with the first screen's own requests and scripts on a phone's network and CPU
 * (built releases only: the dev server has none).
 */
export function startServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('../features/pwa/register-service-worker')
      .then((m) => m.registerServiceWorker())
      // The chunk did not load (offline, a new deploy): the next visit registers it.
      .catch(() => undefined);
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register, { timeout: REGISTER_DELAY_MS }) : register();
  const afterLoad = () => setTimeout(whenIdle, REGISTER_DELAY_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/** Opens the screen a tapped notification names (the service worker asks), without reloading the app. */
export function openTappedScreens(navigate: (path: string) => void) {
  if (!('serviceWorker' in navigator)) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (isOpenScreen(event.data)) navigate(event.data.url);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
