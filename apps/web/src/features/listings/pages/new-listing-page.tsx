import { CATEGORIES, LISTING_TYPES } from '@gardenswap/shared/constants';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { useCreateListing } from '../api/use-create-listing';
import { ListingForm } from '../components/listing-form';
import '../listings.css';

/** /listings/new: post something you have. */
export default function NewListingPage() {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number>();
  const create = useCreateListing(setProgress);
  const serverErrors =
    create.error instanceof ApiError && create.error.status === 422 ? create.error.errors : undefined;

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
      <ErrorBanner
        message={create.isError ? 'Failed to create listing. Please try again later.' : undefined}
        onDismiss={() => create.reset()}
      />
      <div className="card">
        <ListingForm
          mode="create"
          busy={create.isPending}
          progress={progress}
          fieldErrors={serverErrors}
          defaultValues={{
            title: '',
            description: '',
            type_id: String(LISTING_TYPES.sell),
            price: '',
            category_id: CATEGORIES.produce,
            is_public: true,
            is_active: true,
          }}
          onSubmit={(values, photo) => {
            setProgress(photo.file ? 0 : undefined);
            create.mutate(
              { ...values, image: photo.file },
              // Land on the new listing: the member sees it as others will, with Share at hand.
              { onSuccess: (listing) => navigate(`/listings/${listing.id}`, { replace: true }) },
            );
          }}
        />
      </div>
    </div>
  );
}
