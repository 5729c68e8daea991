import { MODERATION_TEXTS, type SuspendedMember } from '@gardenswap/shared/moderation';
import { useState } from 'react';
import { EmptyState, ErrorBanner, Loading, Notice } from '../../../components/feedback';
import { useMe } from '../../../lib/auth-context';
import { dayLabel, timeOfDay } from '../../../lib/format';
import { useLiftSuspension } from '../api/use-lift-suspension';
import { useSuspendedMembers } from '../api/use-suspended-members';
import { MemberLine } from './member-line';
import { ReversalDialog } from './reversal-dialog';

const when = (iso: string) => `${dayLabel(iso)} ${timeOfDay(iso)}`;

/** The members suspended now, each with the reason and a way to lift the suspension before its end. */
export function SuspendedMembers() {
  const me = useMe();
  const suspended = useSuspendedMembers();
  const lift = useLiftSuspension();
  const [lifting, setLifting] = useState<SuspendedMember>();
  const [done, setDone] = useState<string>();

  return (
    <section className="moderation-section" aria-labelledby="moderation-suspended-heading">
      <h2 id="moderation-suspended-heading">{MODERATION_TEXTS.suspendedTitle}</h2>
      {done && <Notice message={done} />}
      {suspended.isPending ? (
        <Loading />
      ) : suspended.isError ? (
        <>
          <ErrorBanner message="Failed to load the suspended members. Please try again later." />
          <button type="button" className="button" onClick={() => void suspended.refetch()}>
            Try again
          </button>
        </>
      ) : suspended.data.length === 0 ? (
        <EmptyState>
          <p>{MODERATION_TEXTS.suspendedEmpty}</p>
        </EmptyState>
      ) : (
        <ul className="list moderation-groups" aria-label={MODERATION_TEXTS.suspendedTitle}>
          {suspended.data.map((entry) => (
            <li key={entry.member.id} className="card moderation-group">
              <MemberLine member={entry.member} role="Member" />
              {entry.reason && <p className="moderation-reason">“{entry.reason}”</p>}
              <p className="moderation-small muted">
                Suspended <time dateTime={entry.suspended_at}>{when(entry.suspended_at)}</time>
              </p>
              {entry.member.id === me.id ? (
                <p className="muted">{MODERATION_TEXTS.aboutYouItem}</p>
              ) : (
                <div className="moderation-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setDone(undefined);
                      lift.reset();
                      setLifting(entry);
                    }}
                  >
                    Lift suspension <span className="visually-hidden">of {entry.member.username}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {lifting && (
        <ReversalDialog
          title="Lift suspension"
          explanation={`Lift the suspension of ${lifting.member.username} now: they can sign in again at once, and their listings show again, except any a moderator hid. They are told why, in the app and by e-mail.`}
          saving={lift.isPending}
          error={lift.error}
          onClose={() => setLifting(undefined)}
          onConfirm={(input) =>
            lift.mutate(
              { memberId: lifting.member.id, ...input },
              {
                onSuccess: () => {
                  setLifting(undefined);
                  setDone(`Lifted the suspension of ${lifting.member.username}.`);
                },
              },
            )
          }
        />
      )}
    </section>
  );
}
