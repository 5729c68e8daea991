import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordFormSchema } from '@gardenswap/shared/auth';
import { TEXTS } from '@gardenswap/shared/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ErrorBanner } from '../../../components/feedback';
import { TextField } from '../../../components/field';
import { Logo } from '../../../components/logo';
import { ApiError, errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { resetPassword } from '../../../features/auth/api/use-password-reset';

/** /reset-password?token=…: the e-mailed link; a new password signs the member in here. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invalid, setInvalid] = useState(!token);
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
        <div style={{ marginBottom: '1rem' }}>
          <Logo />
        </div>
        <h1>Choose a new password</h1>
        {invalid ? (
          <>
            <p role="alert">{TEXTS.passwordResetInvalid}</p>
            <Link to="/forgot-password" className="button button-primary button-block">
              Send a new link
            </Link>
          </>
        ) : (
          <ResetForm token={token} onInvalid={() => setInvalid(true)} />
        )}
      </main>
    </div>
  );
}

function ResetForm({ token, onInvalid }: { token: string; onInvalid: () => void }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const {
    register: field,
    handleSubmit,
    formState,
  } = useForm<z.input<typeof ResetPasswordFormSchema>, unknown, z.output<typeof ResetPasswordFormSchema>>({
    resolver: zodResolver(ResetPasswordFormSchema),
  });
  const submit = handleSubmit(async ({ password }) => {
    setError(undefined);
    try {
      const result = await resetPassword({ token, password });
      navigate('/my-listings', { replace: true });
      signIn(result.access_token, result.user);
    } catch (e) {
      // A used, expired or mistyped link: only a new one helps.
      if (e instanceof ApiError && e.status === 400) onInvalid();
      else setError(errorText(e, 'An error occurred'));
    }
  });
  const busy = formState.isSubmitting;
  const e = formState.errors;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Choose a new password">
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <fieldset disabled={busy} className="form plain-fieldset">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={e.password?.message}
          {...field('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={e.confirm_password?.message}
          {...field('confirm_password')}
        />
        <button type="submit" className="button button-primary button-block">
          {busy ? 'Saving...' : 'Save new password'}
        </button>
      </fieldset>
    </form>
  );
}
