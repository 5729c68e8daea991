import { type HiddenEvent, MODERATION_TEXTS } from '@gardenswap/shared/moderation';
import { useState } from 'react';
import { useMe } from '../../../lib/auth-context';
import { useHiddenEvents } from '../api/use-hidden-events';
import { useUnhideEvent } from '../api/use-unhide-event';
import { EventSummary } from './event-summary';
import { MemberLine } from './member-line';
import { ReversalDialog } from './reversal-dialog';
import { ReversalButton, ReversalList } from './reversal-list';

/** The events a moderator hid, each with its reason, its host and a way to show it again. */
export function HiddenEvents() {
  const me = useMe();
  const hidden = useHiddenEvents();
  const unhide = useUnhideEvent();
  const [unhiding, setUnhiding] = useState<HiddenEvent>();
  const [done, setDone] = useState<string>();

  return (
    <ReversalList
      id="moderation-hidden-events-heading"
      title={MODERATION_TEXTS.hiddenEventsTitle}
      empty={MODERATION_TEXTS.hiddenEventsEmpty}
      loadError="Failed to load the hidden events. Please try again later."
      query={hidden}
      done={done}
      keyOf={(entry) => entry.event.id}
      dialog={
        unhiding && (
          <ReversalDialog
            title="Unhide event"
            explanation={`Show the event “${unhiding.event.title}” again to every member who may see it. The host is told why, in the app and by e-mail.`}
            saving={unhide.isPending}
            error={unhide.error}
            onClose={() => setUnhiding(undefined)}
            onConfirm={(input) =>
              unhide.mutate(
                { eventId: unhiding.event.id, ...input },
                {
                  onSuccess: () => {
                    setUnhiding(undefined);
                    setDone(`Unhid the event “${unhiding.event.title}”.`);
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
          <div className="moderation-context">
            <EventSummary event={entry.event} />
            <MemberLine member={entry.member} role="Host" />
          </div>
          <ReversalButton
            aboutMe={entry.member.id === me.id}
            aboutYou={MODERATION_TEXTS.aboutYouItem}
            onClick={() => {
              setDone(undefined);
              unhide.reset();
              setUnhiding(entry);
            }}
          >
            Unhide <span className="visually-hidden">“{entry.event.title}”</span>
          </ReversalButton>
        </>
      )}
    </ReversalList>
  );
}
