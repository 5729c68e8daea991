import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordFormSchema } from '@gardenswap/shared/account';
import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorBanner, Notice } from '../../../components/feedback';
import { TextField } from '../../../components/field';
import { ApiError, errorText } from '../../../lib/api-client';
import { useChangePassword } from '../api/use-account';
import './account.css';

type Form = z.input<typeof ChangePasswordFormSchema>;

/** "Change password" on /profile: the current password and a new one; every other device is signed out. */
export function ChangePasswordSection() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string>();
  return (
    <section className="card account-section" aria-labelledby="change-password">
      <div className="spread">
        <h2 id="change-password">Password</h2>
        {!open && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setDone(undefined);
              setOpen(true);
            }}
          >
            Change password
          </button>
        )}
      </div>
      <Notice message={done} />
      {open && (
        <ChangePasswordForm
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            setDone(ACCOUNT_TEXTS.passwordChanged);
          }}
        />
      )}
    </section>
  );
}

function ChangePasswordForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const change = useChangePassword();
  const [error, setError] = useState<string>();
  const {
    register: field,
    handleSubmit,
    setError: setFieldError,
    formState,
  } = useForm<Form, unknown, z.output<typeof ChangePasswordFormSchema>>({
    resolver: zodResolver(ChangePasswordFormSchema),
  });
  const submit = handleSubmit(async ({ current_password, new_password }) => {
    setError(undefined);
    try {
      await change.mutateAsync({ current_password, new_password });
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length > 0) {
        for (const { field: name, message } of e.errors) setFieldError(name as FieldPath<Form>, { message });
      } else setError(errorText(e, 'Could not change your password. Please try again.'));
    }
  });
  const busy = formState.isSubmitting;
  const e = formState.errors;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Change password">
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <fieldset disabled={busy} className="form plain-fieldset">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={e.current_password?.message}
          {...field('current_password')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={e.new_password?.message}
          {...field('new_password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={e.confirm_password?.message}
          {...field('confirm_password')}
        />
        <p className="muted">Every other device signed in to your account will be signed out.</p>
        <div className="row account-actions">
          <button type="submit" className="button button-primary">
            {busy ? 'Saving...' : 'Save new password'}
          </button>
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}
