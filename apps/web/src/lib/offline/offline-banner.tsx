import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { CloudOff } from 'lucide-react';
import { useAuth } from '../auth-context';
import { useOnline } from './connectivity';
import { useOutbox } from './outbox';
import './offline.css';

/**
 * Above every signed-in page while the app cannot reach Gardenswap: says so, and how many messages
 * and listings wait on the device to be sent. The live region stays, so the change is announced.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { auth } = useAuth();
  const waiting = useOutbox(auth?.user.id).filter((entry) => entry.state !== 'failed').length;
  return (
    <div className="offline-status" role="status">
      {!online && (
        <p className="banner offline-banner">
          <CloudOff aria-hidden size={18} className="offline-banner-icon" />
          <span>
            {OFFLINE_TEXTS.banner}
            {waiting > 0 && <span className="offline-banner-count"> · {OFFLINE_TEXTS.waitingCount(waiting)}</span>}
          </span>
        </p>
      )}
    </div>
  );
}
