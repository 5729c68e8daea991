import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInputSchema } from '@gardenswap/shared/auth';
import { TEXTS } from '@gardenswap/shared/texts';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ErrorBanner } from '../../../components/feedback';
import { TextField } from '../../../components/field';
import { Logo } from '../../../components/logo';
import { errorText } from '../../../lib/api-client';
import { forgotPassword } from '../../../features/auth/api/use-password-reset';

/** /forgot-password: asks for an e-mail and answers the same whatever the address. */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const {
    register: field,
    handleSubmit,
    formState,
  } = useForm<z.input<typeof ForgotPasswordInputSchema>, unknown, z.output<typeof ForgotPasswordInputSchema>>({
    resolver: zodResolver(ForgotPasswordInputSchema),
  });
  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await forgotPassword(values);
      setSent(true);
    } catch (e) {
      setError(errorText(e, 'An error occurred'));
    }
  });
  const busy = formState.isSubmitting;
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
        <Link to="/login" className="row muted" style={{ marginBottom: '1rem' }}>
          <ArrowLeft aria-hidden size={18} /> Back to login
        </Link>
        <div style={{ marginBottom: '1rem' }}>
          <Logo />
        </div>
        <h1>Forgot your password?</h1>
        {sent ? (
          <p role="status">{TEXTS.passwordResetSent}</p>
        ) : (
          <form className="form" onSubmit={submit} noValidate aria-label="Forgot password">
            <p className="muted">
              Enter the email you signed up with and we will send you a link to choose a new password.
            </p>
            <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
            <fieldset disabled={busy} className="form plain-fieldset">
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={formState.errors.email?.message}
                {...field('email')}
              />
              <button type="submit" className="button button-primary button-block">
                {busy ? 'Sending...' : 'Send reset link'}
              </button>
            </fieldset>
          </form>
        )}
      </main>
    </div>
  );
}
