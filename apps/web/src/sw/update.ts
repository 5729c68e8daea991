/**
 * A new release waits until the member chooses "Reload" (the page sends SKIP_WAITING): the old
 * worker keeps serving the old files to the open pages until then.
 */
export function activateWhenAsked(worker: ServiceWorkerGlobalScope) {
  worker.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
  });
}
