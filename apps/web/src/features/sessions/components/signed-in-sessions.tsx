import { SESSION_TEXTS } from '@gardenswap/shared/sessions';
import { MonitorSmartphone } from 'lucide-react';
import { EmptyState, ErrorBanner, Loading, Notice } from '../../../components/feedback';
import { errorText } from '../../../lib/api-client';
import { useSessions, useSignOutOtherSessions, useSignOutSession } from '../api/use-sessions';
import { lastSeenLabel, signedInLabel } from './last-seen';
import './sessions.css';

const signedOutCount = (n: number) => `Signed out of ${n} other session${n === 1 ? '' : 's'}.`;

/** The profile's "Signed-in sessions": each browser with its last use, this device marked, and the ways to sign out. */
export function SignedInSessions() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const busy = signOut.isPending || signOutOthers.isPending;

  return (
    <section className="card sessions" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{SESSION_TEXTS.heading}</h2>
      <p className="muted">{SESSION_TEXTS.hint}</p>
      {sessions.isPending && <Loading label="Loading sessions..." />}
      {sessions.isError && (
        <div className="sessions-error">
          <ErrorBanner message={SESSION_TEXTS.loadFailed} />
          <button type="button" className="button" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </div>
      )}
      <ErrorBanner
        message={signOut.isError ? errorText(signOut.error, SESSION_TEXTS.signOutFailed) : undefined}
        onDismiss={() => signOut.reset()}
      />
      <ErrorBanner
        message={signOutOthers.isError ? errorText(signOutOthers.error, SESSION_TEXTS.signOutOthersFailed) : undefined}
        onDismiss={() => signOutOthers.reset()}
      />
      {sessions.data && (
        <>
          <ul className="list sessions-list">
            {sessions.data.map((session) => (
              <li key={session.id} className="spread sessions-item">
                <span className="row">
                  <MonitorSmartphone aria-hidden size={22} className="sessions-icon" />
                  <span>
                    <span className="sessions-browser">{session.browser}</span>
                    <span className="muted sessions-times">
                      {session.current ? SESSION_TEXTS.activeNow : lastSeenLabel(session.last_seen_at)} ·{' '}
                      {signedInLabel(session.created_at)}
                    </span>
                  </span>
                </span>
                {session.current ? (
                  <span className="badge">{SESSION_TEXTS.thisDevice}</span>
                ) : (
                  <button
                    type="button"
                    className="button"
                    aria-label={`${SESSION_TEXTS.signOut} ${session.browser}, ${lastSeenLabel(session.last_seen_at)}`}
                    disabled={busy}
                    onClick={() => signOut.mutate(session.id)}
                  >
                    {signOut.isPending && signOut.variables === session.id
                      ? SESSION_TEXTS.signingOut
                      : SESSION_TEXTS.signOut}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {others.length ? (
            <button
              type="button"
              className="button button-block"
              disabled={busy}
              onClick={() => signOutOthers.mutate()}
            >
              {signOutOthers.isPending ? SESSION_TEXTS.signingOut : SESSION_TEXTS.signOutOthers}
            </button>
          ) : (
            <EmptyState>{SESSION_TEXTS.noOtherSessions}</EmptyState>
          )}
          <Notice message={signOutOthers.data ? signedOutCount(signOutOthers.data.signed_out) : null} />
        </>
      )}
    </section>
  );
}
