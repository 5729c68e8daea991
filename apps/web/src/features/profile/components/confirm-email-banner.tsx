import { ACCOUNT_TEXTS } from '@gardenswap/shared/account-texts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth-context';
import { useResendConfirmation } from '../api/use-account';
import { useProfile } from '../api/use-profile';
import './account.css';

const dismissedKey = (userId: number) => `confirm-email-banner-dismissed:${userId}`;

/**
 * Above every signed-in page until the member's address is confirmed: a reminder with "Resend".
 * Dismissed, it stays away for the rest of this browser session and comes back in the next.
 */
export function ConfirmEmailBanner() {
  const me = useMe();
  const profile = useProfile();
  const resend = useResendConfirmation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissedKey(me.id)) === '1');
  const user = profile.data;
  if (!user || user.email_confirmed || dismissed) return null;

  const dismiss = () => {
    sessionStorage.setItem(dismissedKey(me.id), '1');
    setDismissed(true);
  };
  // Already confirmed in another tab: the profile reloads and the banner goes by itself.
  const failed = resend.isError && !(resend.error instanceof ApiError && resend.error.status === 409);
  // Compact: "Resend" follows the sentence as a link, so on a phone the banner is a few short lines.
  return (
    <section className="banner banner-info confirm-email-banner" aria-label="Confirm your email">
      <div className="confirm-email-banner-text">
        <p>
          {ACCOUNT_TEXTS.bannerText} <strong>{user.email}</strong>.{' '}
          <button
            type="button"
            className="link-button confirm-email-banner-resend"
            onClick={() => resend.mutate(undefined)}
            disabled={resend.isPending}
          >
            {resend.isPending ? 'Sending...' : 'Resend'}
          </button>
        </p>
        <p role="status" aria-live="polite" className="confirm-email-banner-status">
          {resend.isSuccess ? resend.data.detail : ''}
        </p>
        {failed && (
          <p role="alert" className="field-error">
            {errorText(resend.error, 'Could not send the link. Please try again.')}
          </p>
        )}
      </div>
      <button type="button" className="icon-button confirm-email-banner-dismiss" onClick={dismiss} aria-label="Dismiss">
        <X aria-hidden size={18} />
      </button>
    </section>
  );
}
