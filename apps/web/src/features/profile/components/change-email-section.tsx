import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeEmailInputSchema } from '@gardenswap/shared/account';
import type { User } from '@gardenswap/shared/auth';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorBanner, Notice } from '../../../components/feedback';
import { TextField } from '../../../components/field';
import { ApiError, errorText } from '../../../lib/api-client';
import { useCancelEmailChange, useChangeEmail, useResendEmailChange } from '../api/use-account';
import './account.css';

type Form = z.input<typeof ChangeEmailInputSchema>;

/**
 * "Change email" on /profile. The new address gets a link and takes over only once it is used;
 * meanwhile the section shows it, with a way to send the link again or cancel.
 */
export function ChangeEmailSection({ user }: { user: Pick<User, 'email' | 'pending_email'> }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string>();
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const busy = resend.isPending || cancel.isPending;
  const failure = resend.error ?? cancel.error;
  return (
    <section className="card account-section" aria-labelledby="change-email">
      <div className="spread">
        <h2 id="change-email">Email address</h2>
        {!open && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setSent(undefined);
              setOpen(true);
            }}
          >
            Change email
          </button>
        )}
      </div>
      {user.pending_email && (
        <div className="account-pending-box">
          <p className="account-pending">
            Waiting for confirmation: <strong>{user.pending_email}</strong>. Open the link we sent there to make it your
            email; until then you keep signing in with {user.email}.
          </p>
          <ErrorBanner message={failure ? errorText(failure, 'Something went wrong. Please try again.') : null} />
          <div className="row account-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => {
                cancel.reset();
                resend.mutate(undefined, { onSuccess: (r) => setSent(r.detail) });
              }}
            >
              {resend.isPending ? 'Sending...' : 'Resend link'}
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={busy}
              onClick={() => {
                resend.reset();
                cancel.mutate(undefined, { onSuccess: () => setSent('The change was cancelled.') });
              }}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel change'}
            </button>
          </div>
        </div>
      )}
      <Notice message={sent} />
      {open && (
        <ChangeEmailForm
          onCancel={() => setOpen(false)}
          onSent={(detail) => {
            setOpen(false);
            setSent(detail);
          }}
        />
      )}
    </section>
  );
}

function ChangeEmailForm({ onCancel, onSent }: { onCancel: () => void; onSent: (detail: string) => void }) {
  const change = useChangeEmail();
  const [error, setError] = useState<string>();
  const {
    register: field,
    handleSubmit,
    setError: setFieldError,
    formState,
  } = useForm<Form, unknown, z.output<typeof ChangeEmailInputSchema>>({
    resolver: zodResolver(ChangeEmailInputSchema),
  });
  const submit = handleSubmit(async (input) => {
    setError(undefined);
    try {
      onSent((await change.mutateAsync(input)).detail);
    } catch (e) {
      if (e instanceof ApiError && e.errors.length > 0) {
        for (const { field: name, message } of e.errors) setFieldError(name as FieldPath<Form>, { message });
      } else if (e instanceof ApiError && e.code === 'EMAIL_TAKEN') setFieldError('email', { message: e.detail });
      else setError(errorText(e, 'Could not change your email. Please try again.'));
    }
  });
  const busy = formState.isSubmitting;
  const e = formState.errors;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Change email">
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <fieldset disabled={busy} className="form plain-fieldset">
        <TextField label="New email" type="email" autoComplete="email" error={e.email?.message} {...field('email')} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={e.current_password?.message}
          {...field('current_password')}
        />
        <p className="muted">We will send a link to the new address; your email changes once you open it.</p>
        <div className="row account-actions">
          <button type="submit" className="button button-primary">
            {busy ? 'Sending...' : 'Send confirmation link'}
          </button>
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}
