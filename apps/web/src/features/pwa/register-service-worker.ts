import { Workbox } from 'workbox-window';
import { watchLinks } from './link-quiet';
import { announceUpdate } from './update-state';

/** How often an open page asks whether a new release is out (besides each time it comes back into view). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Test seam: how the page reloads (jsdom cannot). */
export const page = { reload: () => window.location.reload() };

/**
 * Registers the service worker (/sw.js, built from src/sw/sw.ts) and offers each new release as it
 * arrives: it installs in the background and waits, the old one serving this page's files, until
 * the member chooses Reload; then it takes over and the page reloads once, into the new files only.
 */
export function registerServiceWorker(workbox = new Workbox('/sw.js', { scope: '/' })) {
  let asked = false;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    page.reload();
  };

  let links: ReturnType<typeof watchLinks> | undefined;
  workbox.addEventListener('waiting', () => {
    links?.stop();
    const watched = (links = watchLinks());
    announceUpdate(() => {
      asked = true;
      void watched.quiet().then(() => {
        watched.stop();
        workbox.messageSkipWaiting();
      });
    });
  });
  // The new release took over: at this tab's Reload, or another tab's; then this one still runs
  // the old code, whose files are gone from the cache, so it offers to reload too.
  workbox.addEventListener('controlling', () => (asked ? reloadOnce() : announceUpdate(reloadOnce)));

  void workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    // No worker (a private window that refuses one, say): the app works as a plain web page.
    .catch(() => undefined);
}
