import { FRESH_TEXTS } from '@gardenswap/shared/fresh-texts';
import { RefreshCw } from 'lucide-react';
import { ApiError } from '../../../lib/api-client';
import { useRenewListing } from '../api/use-renew-listing';
import '../fresh.css';

/**
 * One tap that tells buyers the listing is still there: its age restarts and, when it had paused
 * itself, it is active again. Says so once done, and why when the server refused.
 */
export function RenewButton({
  listingId,
  label = FRESH_TEXTS.stillAvailable,
  onRenewed,
}: {
  listingId: number;
  label?: string;
  /** Called once the server renewed it (the notification it sits in is then read). */
  onRenewed?: () => void;
}) {
  const renew = useRenewListing();
  const failure = renew.isError
    ? renew.error instanceof ApiError && renew.error.status === 409
      ? renew.error.detail
      : FRESH_TEXTS.renewFailed
    : null;
  return (
    <span className="renew-action">
      {renew.isSuccess ? (
        <span className="renew-done" role="status">
          {FRESH_TEXTS.renewed}
        </span>
      ) : (
        <button
          type="button"
          className="button"
          disabled={renew.isPending}
          onClick={() => renew.mutate(listingId, { onSuccess: onRenewed })}
        >
          <RefreshCw aria-hidden size={16} /> {renew.isPending ? FRESH_TEXTS.renewing : label}
        </button>
      )}
      {failure && (
        <span className="renew-error" role="alert">
          {failure}
        </span>
      )}
    </span>
  );
}
