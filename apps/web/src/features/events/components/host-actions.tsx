import type { Event } from '@gardenswap/shared/events';
import { Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/feedback';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-client';
import { useCancelEvent } from '../api/use-cancel-event';

/** The host's Edit and Cancel event (asked once more first: everyone going is told). */
export function HostActions({ event }: { event: Event }) {
  const cancel = useCancelEvent(event.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="event-actions">
        <Link className="button" to={`/events/${event.id}/edit`}>
          <Pencil aria-hidden size={18} /> Edit
        </Link>
        <button type="button" className="button button-danger-outline" onClick={() => setConfirming(true)}>
          <X aria-hidden size={18} /> Cancel event
        </button>
      </div>
      <ErrorBanner
        message={cancel.isError ? errorText(cancel.error, 'Failed to cancel the event. Please try again.') : null}
        onDismiss={() => cancel.reset()}
      />
      {confirming && (
        <Modal
          title="Cancel this event?"
          onClose={() => !cancel.isPending && setConfirming(false)}
          actions={
            <>
              <button type="button" className="button" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
                Keep it
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
              >
                {cancel.isPending ? 'Cancelling...' : 'Cancel event'}
              </button>
            </>
          }
        >
          <p>
            “{event.title}” will show as cancelled, and {event.going_count === 1 ? 'the member' : 'every member'} going
            is told. This cannot be undone.
          </p>
        </Modal>
      )}
    </>
  );
}
