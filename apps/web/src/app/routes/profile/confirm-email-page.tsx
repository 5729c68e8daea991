import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../components/feedback';
import { EmailLinkCard } from '../../../components/email-link-card';
import { ApiError, errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { confirmEmail } from '../../../features/profile/api/use-account';
import { profileKeys } from '../../../lib/query-keys';

/**
 * /confirm-email?token=…: the e-mailed link. It works in any browser, signed in or not (as
 * someone else, even): the token alone says whose address it confirms. Opening it confirms
 * nothing, since mail scanners open (and some run) every link: only its button does.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { auth } = useAuth();
  const queryClient = useQueryClient();
  const result = useMutation({
    mutationFn: () => confirmEmail(token),
    onSuccess: () => {
      if (auth) void queryClient.invalidateQueries({ queryKey: profileKeys.me });
    },
  });
  const confirm = (
    <button
      type="button"
      className="button button-primary button-block"
      disabled={result.isPending}
      onClick={() => result.mutate()}
    >
      {result.isPending ? 'Confirming...' : 'Confirm my email'}
    </button>
  );

  const onward = auth ? (
    <Link to="/profile" className="button button-primary button-block">
      Go to your profile
    </Link>
  ) : (
    <Link to="/login" className="button button-primary button-block">
      Sign in
    </Link>
  );

  let content;
  if (!token) {
    content = (
      <>
        <h1>This link did not work</h1>
        <p role="alert">This confirmation link is not valid. Check that you opened the whole link from the email.</p>
        {onward}
      </>
    );
  } else if (result.isIdle || result.isPending) {
    content = (
      <>
        <h1>Confirm your email</h1>
        <p>Confirm that this address is yours, to get e-mails from Gardenswap.</p>
        {result.isPending && <Loading label="Confirming your email..." />}
        {confirm}
      </>
    );
  } else if (result.isSuccess) {
    content = (
      <>
        <h1>{result.data.changed ? 'Email changed' : 'Email confirmed'}</h1>
        <p role="status">{result.data.detail}</p>
        {auth ? (
          <Link to="/listings" className="button button-primary button-block">
            Go to the marketplace
          </Link>
        ) : (
          onward
        )}
      </>
    );
  } else {
    const known = result.error instanceof ApiError && (result.error.status === 400 || result.error.status === 409);
    content = (
      <>
        <h1>This link did not work</h1>
        <p role="alert">{errorText(result.error, 'Something went wrong. Please try again.')}</p>
        {known ? (
          onward
        ) : (
          <button type="button" className="button button-primary button-block" onClick={() => result.mutate()}>
            Try again
          </button>
        )}
      </>
    );
  }
  return <EmailLinkCard>{content}</EmailLinkCard>;
}
