import { type HiddenListing, MODERATION_TEXTS } from '@gardenswap/shared/moderation';
import { useState } from 'react';
import { EmptyState, ErrorBanner, Loading, Notice } from '../../../components/feedback';
import { useMe } from '../../../lib/auth-context';
import { useHiddenListings } from '../api/use-hidden-listings';
import { useUnhideListing } from '../api/use-unhide-listing';
import { ListingSummary } from './listing-summary';
import { MemberLine } from './member-line';
import { ReversalDialog } from './reversal-dialog';

/** The listings a moderator hid, each with its reason, its owner and a way to show it again. */
export function HiddenListings() {
  const me = useMe();
  const hidden = useHiddenListings();
  const unhide = useUnhideListing();
  const [unhiding, setUnhiding] = useState<HiddenListing>();
  const [done, setDone] = useState<string>();

  return (
    <section className="moderation-section" aria-labelledby="moderation-hidden-heading">
      <h2 id="moderation-hidden-heading">{MODERATION_TEXTS.hiddenTitle}</h2>
      {done && <Notice message={done} />}
      {hidden.isPending ? (
        <Loading />
      ) : hidden.isError ? (
        <>
          <ErrorBanner message="Failed to load the hidden listings. Please try again later." />
          <button type="button" className="button" onClick={() => void hidden.refetch()}>
            Try again
          </button>
        </>
      ) : hidden.data.length === 0 ? (
        <EmptyState>
          <p>{MODERATION_TEXTS.hiddenEmpty}</p>
        </EmptyState>
      ) : (
        <ul className="list moderation-groups" aria-label={MODERATION_TEXTS.hiddenTitle}>
          {hidden.data.map((entry) => (
            <li key={entry.listing.id} className="card moderation-group">
              <div className="moderation-context">
                <ListingSummary listing={entry.listing} />
                <MemberLine member={entry.member} role="Owner" />
              </div>
              {entry.member.id === me.id ? (
                <p className="muted">{MODERATION_TEXTS.aboutYouItem}</p>
              ) : (
                <div className="moderation-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setDone(undefined);
                      unhide.reset();
                      setUnhiding(entry);
                    }}
                  >
                    Unhide <span className="visually-hidden">“{entry.listing.title}”</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {unhiding && (
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
      )}
    </section>
  );
}
