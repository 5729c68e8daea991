import { type HiddenListing, MODERATION_TEXTS } from '@gardenswap/shared/moderation';
import { useState } from 'react';
import { useMe } from '../../../lib/auth-context';
import { useHiddenListings } from '../api/use-hidden-listings';
import { useUnhideListing } from '../api/use-unhide-listing';
import { ListingSummary } from './listing-summary';
import { MemberLine } from './member-line';
import { ReversalDialog } from './reversal-dialog';
import { ReversalButton, ReversalList } from './reversal-list';

/** The listings a moderator hid, each with its reason, its owner and a way to show it again. */
export function HiddenListings() {
  const me = useMe();
  const hidden = useHiddenListings();
  const unhide = useUnhideListing();
  const [unhiding, setUnhiding] = useState<HiddenListing>();
  const [done, setDone] = useState<string>();

  return (
    <ReversalList
      id="moderation-hidden-heading"
      title={MODERATION_TEXTS.hiddenTitle}
      empty={MODERATION_TEXTS.hiddenEmpty}
      loadError="Failed to load the hidden listings. Please try again later."
      query={hidden}
      done={done}
      keyOf={(entry) => entry.listing.id}
      dialog={
        unhiding && (
          <ReversalDialog
            title="Unhide listing"
            explanation={`Show the listing “${unhiding.listing.title}” again to every member who may see it. The owner is told why, in the app and by e-mail.`}
            saving={unhide.isPending}
            error={unhide.error}
            onClose={() => setUnhiding(undefined)}
            onConfirm={(input) =>
              unhide.mutate(
                { listingId: unhiding.listing.id, ...input },
                {
                  onSuccess: () => {
                    setUnhiding(undefined);
                    setDone(`Unhid the listing “${unhiding.listing.title}”.`);
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
            <ListingSummary listing={entry.listing} />
            <MemberLine member={entry.member} role="Owner" />
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
            Unhide <span className="visually-hidden">“{entry.listing.title}”</span>
          </ReversalButton>
        </>
      )}
    </ReversalList>
  );
}
