import { EMAIL_KIND_TEXTS, EMAIL_KINDS, UNSUBSCRIBE_TEXTS } from '@gardenswap/shared/email-settings';
import { NOTIFICATION_TEXTS } from '@gardenswap/shared/notifications';
import type { EmailKind } from '@gardenswap/shared/email-settings';
import { Link, useSearchParams } from 'react-router';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { ApiError, errorText } from '../../../lib/api-client';
import { useUnsubscribe } from '../../../features/emails/api/use-unsubscribe';
import { useUnsubscribeLink } from '../../../features/emails/api/use-unsubscribe-link';
import { EmailLinkCard } from '../../../components/email-link-card';

// A link from before e-mail was switched per kind turns every kind off, and says so.
const isEveryKind = (kinds: readonly EmailKind[]) => kinds.length === EMAIL_KINDS.length;

const settingsLink = (
  <Link to="/profile" className="button button-block">
    {UNSUBSCRIBE_TEXTS.settings}
  </Link>
);

/**
 * /unsubscribe?token=…: the page of every e-mail's unsubscribe link. Opening it turns nothing off
 * (mail scanners open every link); it says what the link would turn off, and only its button does.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useUnsubscribeLink(token);
  const done = useUnsubscribe(token);

  let content;
  if (!token || link.isError) {
    // A refused token (400) only gets better with a new e-mail; anything else may pass on a retry.
    const refused = !token || (link.error instanceof ApiError && link.error.status === 400);
    content = (
      <>
        <h1>{UNSUBSCRIBE_TEXTS.failedTitle}</h1>
        <p role="alert">
          {refused ? NOTIFICATION_TEXTS.unsubscribeInvalid : errorText(link.error, UNSUBSCRIBE_TEXTS.failed)}
        </p>
        {refused ? (
          settingsLink
        ) : (
          <button type="button" className="button button-primary button-block" onClick={() => void link.refetch()}>
            {UNSUBSCRIBE_TEXTS.retry}
          </button>
        )}
      </>
    );
  } else if (link.isPending) {
    content = <Loading label={UNSUBSCRIBE_TEXTS.checking} />;
  } else if (done.isSuccess) {
    const { kinds } = done.data;
    content = (
      <>
        <h1>{UNSUBSCRIBE_TEXTS.doneTitle}</h1>
        <p role="status">
          {isEveryKind(kinds) ? NOTIFICATION_TEXTS.unsubscribed : EMAIL_KIND_TEXTS[kinds[0]!].unsubscribed}
        </p>
        {settingsLink}
      </>
    );
  } else {
    const { kinds } = link.data;
    content = (
      <>
        <h1>
          {isEveryKind(kinds) ? UNSUBSCRIBE_TEXTS.everyKindQuestion : EMAIL_KIND_TEXTS[kinds[0]!].unsubscribeQuestion}
        </h1>
        <p>{UNSUBSCRIBE_TEXTS.securityStays}</p>
        <ErrorBanner message={done.isError ? errorText(done.error, UNSUBSCRIBE_TEXTS.failed) : null} />
        <div className="form">
          <button
            type="button"
            className="button button-primary button-block"
            disabled={done.isPending}
            onClick={() => done.mutate()}
          >
            {done.isPending ? UNSUBSCRIBE_TEXTS.working : UNSUBSCRIBE_TEXTS.button}
          </button>
          {settingsLink}
        </div>
      </>
    );
  }
  return <EmailLinkCard>{content}</EmailLinkCard>;
}
