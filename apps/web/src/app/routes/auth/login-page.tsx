import { zodResolver } from '@hookform/resolvers/zod';
import { LoginFormSchema, RegisterFormSchema } from '@gardenswap/shared/auth';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorBanner } from '../../../components/feedback';
import { TextField } from '../../../components/field';
import { Logo } from '../../../components/logo';
import { ApiError, errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { isJustRegistered, markJustRegistered, takeReturnTo } from '../../../lib/return-to';
import { login, register } from '../../../features/auth/api/use-session';

type RegisterFormInput = z.input<typeof RegisterFormSchema>;
type RegisterFormOutput = z.output<typeof RegisterFormSchema>;
type Mode = 'login' | 'register';

const loginError = (error: unknown) =>
  error instanceof ApiError && error.status === 401
    ? 'Incorrect email or password.'
    : errorText(error, 'An error occurred');

/** The combined Login and Register card of /login. */
export default function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
        <Link to="/" className="row muted" style={{ marginBottom: '1rem' }}>
          <ArrowLeft aria-hidden size={18} /> Back
        </Link>
        <div style={{ marginBottom: '1rem' }}>
          <Logo />
        </div>
        <div className="tabs" role="group" aria-label="Login or register">
          <button
            type="button"
            className={`tab${mode === 'login' ? ' tab-active' : ''}`}
            aria-pressed={mode === 'login'}
            onClick={() => setMode('login')}
          >
            Login
          </button>
          <button
            type="button"
            className={`tab${mode === 'register' ? ' tab-active' : ''}`}
            aria-pressed={mode === 'register'}
            onClick={() => setMode('register')}
          >
            Register
          </button>
        </div>
        {mode === 'login' ? <LoginFormView /> : <RegisterFormView />}
      </main>
    </div>
  );
}

/** Where a member goes once signed in: onboarding right after registering, else back where they were going. */
function useAfterSignIn() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return (token: string, user: { id: number; username: string }) => {
    const from = (location.state as { from?: string } | null)?.from;
    const target = isJustRegistered() ? '/personal-info' : (takeReturnTo() ?? from ?? '/my-listings');
    navigate(target, { replace: true });
    signIn(token, user);
  };
}

function LoginFormView() {
  const afterSignIn = useAfterSignIn();
  const [error, setError] = useState<string>();
  const {
    register: field,
    handleSubmit,
    formState,
  } = useForm<z.input<typeof LoginFormSchema>, unknown, z.output<typeof LoginFormSchema>>({
    resolver: zodResolver(LoginFormSchema),
  });
  const submit = handleSubmit(async ({ email, password }) => {
    setError(undefined);
    try {
      const result = await login(email, password);
      if (!result?.access_token) throw new Error('Invalid credentials');
      afterSignIn(result.access_token, result.user);
    } catch (e) {
      setError(loginError(e));
    }
  });
  const busy = formState.isSubmitting;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Login">
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <fieldset disabled={busy} className="form plain-fieldset">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...field('password')}
        />
        <button type="submit" className="button button-primary button-block">
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </fieldset>
      <p style={{ margin: 0, textAlign: 'center' }}>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </form>
  );
}

function RegisterFormView() {
  const afterSignIn = useAfterSignIn();
  const [error, setError] = useState<string>();
  const {
    register: field,
    handleSubmit,
    formState,
  } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(RegisterFormSchema),
  });
  const submit = handleSubmit(async (values) => {
    setError(undefined);
    const { confirm_password: _confirm, ...input } = values;
    try {
      await register(input);
    } catch (e) {
      setError(errorText(e, 'An error occurred'));
      return;
    }
    try {
      const result = await login(input.email, input.password);
      if (!result?.access_token) throw new Error('Invalid credentials');
      markJustRegistered();
      afterSignIn(result.access_token, result.user);
    } catch {
      setError('Login failed after registration');
    }
  });
  const busy = formState.isSubmitting;
  const e = formState.errors;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Register">
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <fieldset disabled={busy} className="form plain-fieldset">
        <TextField label="Username" autoComplete="username" error={e.username?.message} {...field('username')} />
        <div className="row" style={{ alignItems: 'flex-start' }}>
          <TextField
            label="First name"
            autoComplete="given-name"
            error={e.first_name?.message}
            {...field('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={e.last_name?.message}
            {...field('last_name')}
          />
        </div>
        <TextField label="Email" type="email" autoComplete="email" error={e.email?.message} {...field('email')} />
        <TextField
          label="Password"
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
          {busy ? 'Creating account...' : 'Register'}
        </button>
      </fieldset>
    </form>
  );
}
