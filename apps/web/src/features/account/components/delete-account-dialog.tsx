import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { type FormEvent, useState } from 'react';
import { ErrorBanner } from '../../../components/feedback';
import { TextField } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { ApiError, errorText } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/use-delete-account';

const FORM_ID = 'delete-account-form';

/** The confirmation of "Delete my account": exactly what happens, and the password once more. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const busy = remove.isPending;

  const error = remove.error;
  const fieldError =
    (missing ? 'Please enter your password.' : undefined) ??
    (error instanceof ApiError ? error.errors.find((e) => e.field === 'password')?.message : undefined);
  const bannerError =
    error && !fieldError ? errorText(error, 'Could not delete your account. Please try again.') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    remove.mutate({ password });
  };

  return (
    <Modal
      title="Delete your account?"
      onClose={() => !busy && onClose()}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className="button button-danger" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </button>
        </>
      }
    >
      <form id={FORM_ID} className="form" onSubmit={submit} noValidate aria-label="Delete my account">
        <p>
          <strong>This cannot be undone.</strong> Deleting your account:
        </p>
        <ul className="delete-account-effects">
          <li>
            removes your profile, your listings and their photos, your want list, your friends and friend requests, your
            notifications and the members you blocked;
          </li>
          <li>signs you out on every device;</li>
          <li>
            keeps your messages with the members you talked with, so they can still read them, from &ldquo;
            {ACCOUNT_TEXTS.deletedMember}&rdquo; (without your name or photo);
          </li>
          <li>frees your e-mail address and username for anyone to use again.</li>
        </ul>
        <p className="muted">To keep a copy, use &ldquo;Download my data&rdquo; first.</p>
        <ErrorBanner message={bannerError} />
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setMissing(false);
          }}
          error={fieldError}
          disabled={busy}
        />
      </form>
    </Modal>
  );
}
