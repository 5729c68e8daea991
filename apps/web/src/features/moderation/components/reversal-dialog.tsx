import {
  MODERATION_NOTE_MAX,
  type ModerationReversalInput,
  ModerationReversalInputSchema,
} from '@gardenswap/shared/moderation';
import { type FormEvent, useId, useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { TextArea } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-client';

interface ReversalDialogProps {
  /** The dialog's title, also its confirming button: "Lift suspension", "Unhide listing". */
  title: string;
  /** What taking it back does, said before the moderator confirms it. */
  explanation: string;
  saving: boolean;
  /** The failed request's error, shown above the form. */
  error: unknown;
  onConfirm: (input: ModerationReversalInput) => void;
  onClose: () => void;
}

/** Asks for the reason and confirms taking back a moderator's action (a suspension, a hidden listing). */
export function ReversalDialog({ title, explanation, saving, error, onConfirm, onClose }: ReversalDialogProps) {
  const formId = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ModerationReversalInputSchema.safeParse({ note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    onConfirm(parsed.data);
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={saving}>
            {saving ? 'Saving...' : title}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="moderation-form">
        <ErrorBanner message={error ? errorText(error, 'Failed to save. Please try again.') : null} />
        <p>{explanation}</p>
        <TextArea
          label="Reason"
          hint="The member reads this. Kept in the audit log."
          rows={3}
          maxLength={MODERATION_NOTE_MAX + 100}
          value={note}
          error={noteError}
          onChange={(e) => {
            setNote(e.target.value);
            setNoteError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
