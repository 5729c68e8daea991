import { CATEGORIES, LISTING_TYPES } from '@gardenswap/shared/constants';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorBanner, Notice } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/auth-context';
import { isOnline } from '../../../lib/offline/connectivity';
import { queueListing } from '../../../features/listings/api/queued-listings';
import { useCreateListing } from '../../../features/listings/api/use-create-listing';
import { usePhotoUploads } from '../../../features/listings/api/use-photo-uploads';
import { updateListing } from '../../../features/listings/api/use-update-listing';
import {
  ListingForm,
  type ListingFormOutput,
  seedLotFormValues,
} from '../../../features/listings/components/listing-form';
import { useSharedPhotos } from '../../../features/listings/api/use-shared-photos';
import '../../../features/listings/listings.css';

const PHOTOS_FAILED =
  'Your listing is posted, but some photos could not be uploaded. Retry them, or remove them and post again.';

/** /listings/new: post something you have, with its photos. */
export default function NewListingPage() {
  const navigate = useNavigate();
  const me = useMe();
  const create = useCreateListing();
  const photos = usePhotoUploads([]);
  // Opened by sharing photos into the installed app: they join the form as if chosen here.
  const [params, setParams] = useSearchParams();
  const shared = useSharedPhotos(params.has('shared'), (added) => {
    photos.addItems(added);
    // A reload then opens an empty form, not "did not arrive".
    setParams({}, { replace: true });
  });
  // Once posted, a retry only finishes the photos: the listing is never posted twice.
  const [postedId, setPostedId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const serverErrors =
    create.error instanceof ApiError && create.error.status === 422 ? create.error.errors : undefined;

  const finish = async (id: number) => {
    setBusy(true);
    setError(undefined);
    try {
      // Land on the new listing: the member sees it as others will, with Share at hand.
      if (await photos.sync(id)) return navigate(`/listings/${id}`, { replace: true });
      setError(PHOTOS_FAILED);
    } catch {
      setError(PHOTOS_FAILED);
    }
    setBusy(false);
  };

  const post = async (values: ListingFormOutput) => {
    setError(undefined);
    if (postedId) {
      setBusy(true);
      try {
        await updateListing(postedId, values);
      } catch {
        setBusy(false);
        return setError('Failed to update listing. Please try again.');
      }
      return finish(postedId);
    }
    setBusy(true);
    const input = { ...values, image: null };
    // Offline: the whole listing, photos included, waits on the device under the key of this submission.
    const keepForLater = async () => {
      const files = photos.items.flatMap((item) => (item.file && item.photoId === undefined ? [item.file] : []));
      await queueListing(me.id, input, files, create.submissionKey(input));
      await navigate('/my-listings', { replace: true, state: { kept: true } });
    };
    try {
      if (!isOnline()) return await keepForLater();
      const listing = await create.mutateAsync(input);
      setPostedId(listing.id);
      await finish(listing.id);
    } catch {
      setBusy(false);
      setError('Failed to create listing. Please try again later.');
    }
  };

  return (
    <div className="listing-form-page">
      <nav className="segmented" aria-label="What to post">
        <span className="segment segment-active" aria-current="page">
          Have
        </span>
        <Link className="segment" to="/post-want">
          Want
        </Link>
      </nav>
      <h1>Post what you have</h1>
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      {shared.notice && <Notice message={shared.notice} />}
      {postedId && (
        <p>
          <Link to={`/listings/${postedId}`}>Go to the listing</Link>
        </p>
      )}
      <div className="card">
        <ListingForm
          mode="create"
          busy={busy}
          photos={photos.items}
          onPhotosChange={photos.setItems}
          onRetryPhotos={postedId ? () => void finish(postedId) : undefined}
          fieldErrors={serverErrors}
          defaultValues={{
            title: '',
            description: '',
            type_id: String(LISTING_TYPES.sell),
            price: '',
            category_id: CATEGORIES.produce,
            is_public: true,
            is_active: true,
            ...seedLotFormValues(),
          }}
          onSubmit={(values) => void post(values)}
        />
      </div>
    </div>
  );
}
