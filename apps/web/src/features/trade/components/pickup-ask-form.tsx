import { PICKUP_ASK_NOTE_MAX, PICKUP_TEXTS } from '@gardenswap/shared/pickup';
import { type FormEvent, useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { TextArea } from '../../../components/field';
import { useAskPickup } from '../api/use-pickup-actions';
import { errorText } from './error-text';

/** POST /listings/{id}/pickup/ask: none of the offered times suits; a note may say what would. */
export function PickupAskForm({ listingId, onDone }: { listingId: number; onDone: () => void }) {
  const ask = useAskPickup(listingId);
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(note.trim() ? { note: note.trim() } : {}, { onSuccess: onDone });
  };
  return (
    <form className="card trade-form" onSubmit={submit} aria-label={PICKUP_TEXTS.askAnother}>
      <TextArea
        label="What would suit you? (optional)"
        value={note}
        maxLength={PICKUP_ASK_NOTE_MAX}
        rows={2}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <ErrorBanner message={ask.isError ? errorText(ask.error, 'Failed to ask. Please try again.') : null} />
      <div className="row">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={ask.isPending}>
          {ask.isPending ? 'Saving...' : PICKUP_TEXTS.askAnother}
        </button>
      </div>
    </form>
  );
}
