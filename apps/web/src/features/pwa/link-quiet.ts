/**
 * Chromium warms up a page's service worker for the links it shows and the links a pointer passes
 * over, a fraction of a second to a second later. If that lands while a new release is taking over,
 * it restarts the outgoing worker, and the new one then never activates: the page is left on
 * "Reloading..." (Chromium 156). So Reload asks for the takeover only once no link has appeared,
 * scrolled or been pointed at for this long.
 */
export const LINK_QUIET_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const showsLink = (node: Node) =>
  node instanceof Element && (node.matches('a[href]') || node.querySelector('a[href]') !== null);

/** Watches the page for links shown or pointed at; `quiet()` resolves once none has been for LINK_QUIET_MS. */
export function watchLinks() {
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  const added = new MutationObserver((records) => {
    if (records.some((record) => Array.from(record.addedNodes).some(showsLink))) touch();
  });
  added.observe(document.body, { childList: true, subtree: true });
  const pointed = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) touch();
  };
  document.addEventListener('pointerover', pointed, true);
  window.addEventListener('scroll', touch, { capture: true, passive: true });

  return {
    async quiet() {
      for (let since = Date.now() - last; since < LINK_QUIET_MS; since = Date.now() - last)
        await sleep(LINK_QUIET_MS - since);
    },
    stop() {
      added.disconnect();
      document.removeEventListener('pointerover', pointed, true);
      window.removeEventListener('scroll', touch, { capture: true });
    },
  };
}
