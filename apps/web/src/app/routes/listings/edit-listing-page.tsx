import type { Listing } from '@gardenswap/shared/listings';
import { TEXTS } from '@gardenswap/shared/texts';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth-context';
import { useOnline } from '../../../lib/offline/connectivity';
import { useListing } from '../../../features/listings/api/use-listing';
import { usePhotoUploads } from '../../../features/listings/api/use-photo-uploads';
import { useUpdateListing } from '../../../features/listings/api/use-update-listing';
import {
  ListingForm,
  type ListingFormOutput,
  seedLotFormValues,
} from '../../../features/listings/components/listing-form';
import { storedItems } from '../../../features/listings/components/photo-items';
import '../../../features/listings/listings.css';

/** /listings/{id}/edit: the owner changes every field, the photos, who sees it, whether it is active and its status. */
export default function EditListingPage() {
  const id = Number(useParams().id);
  const me = useMe();
  const listing = useListing(id, { askEachTime: true });
  const online = useOnline();
  const [openedAt] = useState(Date.now);

  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to="/not-found" replace />;
  if (listing.isError && listing.error instanceof ApiError && listing.error.status === 404) {
    return <Navigate to="/not-found" replace />;
  }
  if (listing.isError) return <ErrorBanner message="Failed to fetch listing details. Please try again later." />;
  // The copy a list passed along, or one kept on the device or read a moment ago, may be older than
  // the listing (its photos, say): online, the form starts from an answer read since the page opened.
  if (!listing.data || listing.isPlaceholderData || (online && listing.dataUpdatedAt < openedAt)) return <Loading />;
  if (listing.data.owner_id !== me.id) {
    return (
      <EmptyState>
        <p>{TEXTS.editForbidden}</p>
        <Link className="button" to={`/listings/${id}`}>
          Back to the listing
        </Link>
      </EmptyState>
    );
  }
  return <EditListing listing={listing.data} />;
}

function EditListing({ listing }: { listing: Listing }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<ApiError['errors']>();
  const update = useUpdateListing(listing.id);
  const photos = usePhotoUploads(storedItems(listing.photos));
  const [busy, setBusy] = useState(false);

  const savePhotos = async () => {
    if (await photos.sync(listing.id)) return navigate(`/listings/${listing.id}`, { replace: true });
    setError('Your changes are saved, but some photos could not be uploaded. Retry them or remove them.');
    setBusy(false);
  };

  const save = async (values: ListingFormOutput) => {
    setError(undefined);
    setFieldErrors(undefined);
    setBusy(true);
    try {
      await update.mutateAsync(values);
      await savePhotos();
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.errors.length) setFieldErrors(e.errors);
      setError('Failed to update listing. Please try again.');
      setBusy(false);
    }
  };

  return (
    <div className="listing-form-page">
      <div className="page-header">
        <Link to={`/listings/${listing.id}`} className="button button-ghost">
          <ArrowLeft aria-hidden size={18} /> Back
        </Link>
      </div>
      <h1>Edit listing</h1>
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <div className="card">
        <ListingForm
          mode="edit"
          busy={busy}
          fieldErrors={fieldErrors}
          photos={photos.items}
          onPhotosChange={photos.setItems}
          onRetryPhotos={() => {
            setBusy(true);
            setError(undefined);
            savePhotos().catch(() => {
              setError('Failed to update listing. Please try again.');
              setBusy(false);
            });
          }}
          defaultValues={{
            title: listing.title,
            description: listing.description,
            type_id: String(listing.type_id),
            price: String(listing.price),
            category_id: listing.category_id,
            is_public: listing.is_public,
            is_active: listing.is_active,
            state_id: String(listing.state_id),
            ...seedLotFormValues(listing),
          }}
          onSubmit={(values) => void save(values)}
        />
      </div>
    </div>
  );
}
