import type { Listing } from '@gardenswap/shared/listings';
import { LISTING_STATES } from '@gardenswap/shared/constants';
import { TEXTS } from '@gardenswap/shared/texts';
import { MODERATION_TEXTS } from '@gardenswap/shared/moderation';
import { FRESH_TEXTS } from '@gardenswap/shared/fresh-texts';
import { ArrowLeft, MapPin, MessageCircle, Pencil, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { CopyLink } from '../../../components/copy-link';
import { shareWithSystem } from '../../../lib/system-share';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { MiddleEllipsis } from '../../../components/middle-ellipsis';
import { SelectField } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { ApiError, imageUrl } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth-context';
import { priceLabel } from '../../../lib/format';
import { listingLink } from '../../../lib/links';
import { useDeleteListing } from '../../../features/listings/api/use-delete-listing';
import { useListing } from '../../../features/listings/api/use-listing';
import { useUpdateListing } from '../../../features/listings/api/use-update-listing';
import { PhotoGallery } from '../../../features/listings/components/photo-gallery';
import { ListingAge } from '../../../features/listings/components/listing-age';
import { RenewButton } from '../../../features/listings/components/renew-button';
import { SeedLotDetails } from '../../../features/listings/components/seed-lot-details';
import { categoryName, stateLabel, stateOptionsFor } from '../../../features/listings/utils/categories';
import { distanceLabel } from '../../../lib/format';
import { ApproximateSpot } from '../approximate-spot';
import { ReportListingLink } from '../../../features/safety/components/report-button';
import { TradePanel } from '../../../features/trade/components/trade-panel';
import '../../../features/listings/listings.css';

/** The delete failure texts of the spec (§8). */
function deleteError(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return error.detail || TEXTS.deleteForbidden;
  if (error instanceof ApiError && error.status === 404) return TEXTS.listingNotFound;
  return 'Failed to delete the listing. Please try again later.';
}

/** /listings/{id}: one listing, with the owner's edit and delete, and share and message for everyone. */
export default function ListingDetailPage() {
  const id = Number(useParams().id);
  const listing = useListing(id);

  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to="/not-found" replace />;
  if (listing.isError && listing.error instanceof ApiError && listing.error.status === 404) {
    return <Navigate to="/not-found" replace />;
  }
  if (listing.data) return <ListingDetail listing={listing.data} />;
  if (listing.isError) {
    return (
      <>
        <BackButton />
        <ErrorBanner message="Failed to fetch listing details. Please try again later." />
      </>
    );
  }
  return <Loading />;
}

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a shared link there is nothing to go back to inside the app.
  const back = () => (location.key === 'default' ? navigate('/listings') : navigate(-1));
  return (
    <button type="button" className="button button-ghost back-button" onClick={back}>
      <ArrowLeft aria-hidden size={18} /> Back
    </button>
  );
}

function ListingDetail({ listing }: { listing: Listing }) {
  const me = useMe();
  const navigate = useNavigate();
  const remove = useDeleteListing();
  const [error, setError] = useState<string>();
  const [modal, setModal] = useState<'delete' | 'share' | null>(null);
  const isOwner = listing.owner_id === me.id;
  // A copy passed along from a list has the cover only, until the listing itself arrives.
  const photoUrls = (listing.photos?.map((p) => p.image) ?? [listing.featured_image]).flatMap((path) => {
    const url = imageUrl(path);
    return url ? [url] : [];
  });
  const state = stateLabel(listing.state_id);
  const place =
    [listing.owner.city, listing.owner.state, listing.owner.zip_code].filter(Boolean).join(', ') ||
    'Location not specified';
  const distance = distanceLabel(listing.distance_miles);

  const confirmDelete = () =>
    remove.mutate(listing.id, {
      onSuccess: () => navigate('/my-listings', { replace: true }),
      onError: (e) => {
        setModal(null);
        setError(deleteError(e));
      },
    });
  // The system share sheet where there is one (a phone, mostly); elsewhere the link to copy.
  const share = async () => {
    const shared = await shareWithSystem({ title: listing.title, url: listingLink(listing.id) });
    if (shared === 'unavailable') setModal('share');
  };

  return (
    <article className="listing-detail">
      <BackButton />
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <div className="listing-detail-layout">
        <PhotoGallery urls={photoUrls} title={listing.title} />
        <div className="listing-detail-info">
          <div className="listing-badges">
            <span className="badge category-badge">{categoryName(listing.category_id)}</span>
            <span className={`badge${listing.is_public ? '' : ' badge-muted'}`}>
              {listing.is_public ? 'Public' : 'Friends only'}
            </span>
            <span className={`badge${listing.is_active ? '' : ' badge-warn'}`}>
              {listing.is_active
                ? 'Active'
                : listing.paused_reason === 'not_renewed'
                  ? FRESH_TEXTS.pausedNotRenewed
                  : 'Paused'}
            </span>
            {state && listing.state_id !== LISTING_STATES.gone && <span className="badge badge-warn">{state}</span>}
          </div>
          <p className="listing-detail-price">{priceLabel(listing)}</p>
          <h1 className="listing-detail-title">{listing.title}</h1>
          <ListingAge listing={listing} className="listing-detail-age" />
          <div className="row seller">
            <Avatar src={listing.owner.profile_picture} name={listing.owner.username} size={44} />
            <div>
              <Link to={`/seller/${listing.owner_id}`} className="seller-name">
                <MiddleEllipsis text={listing.owner.username} />
              </Link>
              <p className="muted listing-detail-place">
                <MapPin aria-hidden size={14} /> {place}
                {distance && !isOwner && (
                  <>
                    {' · '}
                    <span className="listing-detail-distance">
                      <span className="visually-hidden">Distance: </span>
                      {distance}
                    </span>
                  </>
                )}
              </p>
            </div>
          </div>
          {listing.state_id === LISTING_STATES.gone && (
            <p className="notice listing-gone" role="status">
              No longer available
            </p>
          )}
          {isOwner && listing.hidden_reason !== null && (
            <p className="listing-hidden-notice" role="status">
              {MODERATION_TEXTS.hiddenNotice}: {listing.hidden_reason}
            </p>
          )}
          {isOwner && listing.paused_reason === 'not_renewed' && listing.state_id !== LISTING_STATES.gone && (
            <div className="listing-paused-notice" role="status">
              <p>
                <strong>{FRESH_TEXTS.pausedNotRenewed}</strong>
              </p>
              <p>{FRESH_TEXTS.pausedNotRenewedHint}</p>
              <RenewButton listingId={listing.id} label={FRESH_TEXTS.reactivate} />
            </div>
          )}
          {isOwner && <StatusControl listing={listing} onError={setError} />}
          <TradePanel listing={listing} />
          <section className="listing-detail-description" aria-label="Description">
            {listing.description ? <p>{listing.description}</p> : <p className="muted">No description provided</p>}
          </section>
          <SeedLotDetails listing={listing} />
          <div className="listing-detail-actions">
            {isOwner ? (
              <>
                <Link className="button" to={`/listings/${listing.id}/edit`}>
                  <Pencil aria-hidden size={18} /> Edit
                </Link>
                <button type="button" className="button button-danger-outline" onClick={() => setModal('delete')}>
                  <Trash2 aria-hidden size={18} /> Delete
                </button>
              </>
            ) : (
              <Link className="button button-primary" to={`/messages/${listing.owner_id}`}>
                <MessageCircle aria-hidden size={18} /> Message <MiddleEllipsis text={listing.owner.username} />
              </Link>
            )}
            <button type="button" className="button" onClick={() => void share()}>
              <Share2 aria-hidden size={18} /> Share
            </button>
          </div>
          {listing.spot && <ApproximateSpot spot={listing.spot} />}
          {!isOwner && <ReportListingLink listingId={listing.id} />}
        </div>
      </div>

      {modal === 'delete' && (
        <Modal
          title="Delete listing"
          onClose={() => !remove.isPending && setModal(null)}
          actions={
            <>
              <button type="button" className="button" onClick={() => setModal(null)} disabled={remove.isPending}>
                Cancel
              </button>
              <button
                type="button"
                className="button button-danger"
                onClick={confirmDelete}
                disabled={remove.isPending}
              >
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </button>
            </>
          }
        >
          <p>Are you sure you want to delete {listing.title}?</p>
        </Modal>
      )}
      {modal === 'share' && (
        <Modal
          title="Share listing"
          onClose={() => setModal(null)}
          actions={
            <button type="button" className="button" onClick={() => setModal(null)}>
              Cancel
            </button>
          }
        >
          <CopyLink
            url={listingLink(listing.id)}
            label="Listing link"
            onCopyError={(text) => {
              setModal(null);
              setError(text);
            }}
          />
        </Modal>
      )}
    </article>
  );
}

/**
 * The owner's status select: the change is sent at once; while it travels the select is
 * disabled, and on failure it shows the stored status again with a short error.
 */
function StatusControl({ listing, onError }: { listing: Listing; onError: (text: string) => void }) {
  const update = useUpdateListing(listing.id);
  const value = update.isPending && update.variables?.state_id ? update.variables.state_id : listing.state_id;
  return (
    <div className="listing-status">
      <SelectField
        label="Status"
        value={String(value)}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(
            { state_id: Number(event.currentTarget.value) },
            {
              onError: (error) =>
                onError(
                  error instanceof ApiError && error.status < 500 && error.detail
                    ? error.detail
                    : 'Failed to update the status. Please try again.',
                ),
            },
          )
        }
      >
        {stateOptionsFor(listing.state_id).map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
