import { FRESH_TEXTS } from '@gardenswap/shared/fresh-texts';
import { Link, useSearchParams } from 'react-router';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { ApiError, errorText } from '../../../lib/api-client';
import { useRenewByLink } from '../../../features/emails/api/use-renew-by-link';
import { useRenewLink } from '../../../features/emails/api/use-renew-link';
import { EmailLinkCard } from '../../../components/email-link-card';

const appLink = (
  <Link to="/my-listings" className="button button-block">
    {FRESH_TEXTS.openApp}
  </Link>
);

/**
 * /renew?token=…: the page of the "Still available" button of the renew e-mail. Opening it renews
 * nothing (mail scanners open every link); it asks about the listing, and only its button renews it.
 */
export default function RenewPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useRenewLink(token);
  const renew = useRenewByLink(token);

  let content;
  if (!token || link.isError) {
    // A changed or expired link (400) or a listing that is gone (409) says why; anything else may pass on a retry.
    const refused = !token || (link.error instanceof ApiError && [400, 409].includes(link.error.status));
    content = (
      <>
        <h1>{FRESH_TEXTS.linkFailedTitle}</h1>
        <p role="alert">{token ? errorText(link.error, FRESH_TEXTS.renewFailed) : FRESH_TEXTS.linkInvalid}</p>
        {refused ? (
          appLink
        ) : (
          <button type="button" className="button button-primary button-block" onClick={() => void link.refetch()}>
            {FRESH_TEXTS.linkRetry}
          </button>
        )}
      </>
    );
  } else if (link.isPending) {
    content = <Loading label={FRESH_TEXTS.linkChecking} />;
  } else if (renew.isSuccess) {
    content = (
      <>
        <h1>{FRESH_TEXTS.linkRenewedTitle}</h1>
        <p role="status">{FRESH_TEXTS.linkRenewed(renew.data.title)}</p>
        <Link to={`/listings/${renew.data.listing_id}`} className="button button-primary button-block">
          {FRESH_TEXTS.seeListing}
        </Link>
      </>
    );
  } else {
    const { listing_id, title } = link.data;
    content = (
      <>
        <h1>{FRESH_TEXTS.linkQuestion(title)}</h1>
        <p>{FRESH_TEXTS.linkHint}</p>
        <ErrorBanner message={renew.isError ? errorText(renew.error, FRESH_TEXTS.renewFailed) : null} />
        <div className="form">
          <button
            type="button"
            className="button button-primary button-block"
            disabled={renew.isPending}
            onClick={() => renew.mutate()}
          >
            {renew.isPending ? FRESH_TEXTS.renewing : FRESH_TEXTS.stillAvailable}
          </button>
          <Link to={`/listings/${listing_id}`} className="button button-block">
            {FRESH_TEXTS.linkGone}
          </Link>
        </div>
      </>
    );
  }
  return <EmailLinkCard>{content}</EmailLinkCard>;
}
