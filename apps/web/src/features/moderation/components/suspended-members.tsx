import { MODERATION_TEXTS, type SuspendedMember } from '@gardenswap/shared/moderation';
import { useState } from 'react';
import { useMe } from '../../../lib/auth-context';
import { dayLabel, timeOfDay } from '../../../lib/format';
import { useLiftSuspension } from '../api/use-lift-suspension';
import { useSuspendedMembers } from '../api/use-suspended-members';
import { MemberLine } from './member-line';
import { ReversalDialog } from './reversal-dialog';
import { ReversalButton, ReversalList } from './reversal-list';

const when = (iso: string) => `${dayLabel(iso)} ${timeOfDay(iso)}`;

/** The members suspended now, each with the reason and a way to lift the suspension before its end. */
export function SuspendedMembers() {
  const me = useMe();
  const suspended = useSuspendedMembers();
  const lift = useLiftSuspension();
  const [lifting, setLifting] = useState<SuspendedMember>();
  const [done, setDone] = useState<string>();

  return (
    <ReversalList
      id="moderation-suspended-heading"
      title={MODERATION_TEXTS.suspendedTitle}
      empty={MODERATION_TEXTS.suspendedEmpty}
      loadError="Failed to load the suspended members. Please try again later."
      query={suspended}
      done={done}
      keyOf={(entry) => entry.member.id}
      dialog={
        lifting && (
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
        )
      }
    >
      {(entry) => (
        <>
          <MemberLine member={entry.member} role="Member" />
          {entry.reason && <p className="moderation-reason">“{entry.reason}”</p>}
          <p className="moderation-small muted">
            Suspended <time dateTime={entry.suspended_at}>{when(entry.suspended_at)}</time>
          </p>
          <ReversalButton
            aboutMe={entry.member.id === me.id}
            aboutYou={MODERATION_TEXTS.aboutYouItem}
            onClick={() => {
              setDone(undefined);
              lift.reset();
              setLifting(entry);
            }}
          >
            Lift suspension <span className="visually-hidden">of {entry.member.username}</span>
          </ReversalButton>
        </>
      )}
    </ReversalList>
  );
}
