import { Suspense, lazy } from 'react';
import { useWaitingUpdate } from '../features/pwa/update-state';

// Loaded only when a new release waits: no page's first paint carries it.
const UpdateBar = lazy(() => import('../features/pwa/components/update-bar').then((m) => ({ default: m.UpdateBar })));

/** The new-version bar, over whatever page is open, once a new release is installed and waiting. */
export function UpdatePrompt() {
  const reload = useWaitingUpdate();
  if (!reload) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBar onReload={reload} />
    </Suspense>
  );
}
