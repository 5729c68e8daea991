import { PWA_TEXTS } from '@gardenswap/shared/pwa-texts';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import '../pwa.css';

/** "A new version is ready — Reload": said politely, over every page, until the member reloads. */
export function UpdateBar({ onReload }: { onReload: () => void }) {
  const [reloading, setReloading] = useState(false);
  return (
    <div className="update-bar" role="status" aria-live="polite">
      <span>{PWA_TEXTS.updateReady}</span>
      <button
        type="button"
        className="button"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          onReload();
        }}
      >
        <RefreshCw aria-hidden size={16} />
        {reloading ? PWA_TEXTS.reloading : PWA_TEXTS.reload}
      </button>
    </div>
  );
}
