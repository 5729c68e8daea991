import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import type { Event } from '@gardenswap/shared/events';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { ApiError, errorText, imageUrl } from '../../../lib/api-client';
import { useEvent } from '../../../features/events/api/use-event';
import { useEventPhoto } from '../../../features/events/api/use-event-photo';
import { useUpdateEvent } from '../../../features/events/api/use-update-event';
import { EventForm } from '../../../features/events/components/event-form';
import { type EventFormOutput, eventChanges, eventFormValues } from '../../../features/events/utils/event-form-schema';
import { hasEnded } from '../../../features/events/utils/event-time';
import { saveFailure } from '../../../features/events/utils/save-failure';
import { EventNotFound } from './event-not-found';
import '../../../features/events/events.css';

/** /events/{id}/edit: its host changes what, when and where, its capacity and its photo. */
export default function EditEventPage() {
  const id = Number(useParams().id);
  const event = useEvent(id, { askEachTime: true });
  const [openedAt] = useState(Date.now);

  if (!Number.isSafeInteger(id) || id <= 0) return <EventNotFound />;
  if (event.isError && event.error instanceof ApiError && event.error.status === 404) return <EventNotFound />;
  if (event.isError) return <ErrorBanner message="Failed to load the event. Please try again later." />;
  // The form starts from an answer read since the page opened, not a copy a list passed along.
  if (!event.data || event.isPlaceholderData || event.dataUpdatedAt < openedAt) return <Loading />;
  const closed = !event.data.is_owner
    ? EVENT_TEXTS.editForbidden
    : event.data.cancelled_at !== null
      ? EVENT_TEXTS.cancelled
      : hasEnded(event.data)
        ? EVENT_TEXTS.ended
        : null;
  if (closed)
    return (
      <EmptyState>
        <p>{closed}</p>
        <Link className="button" to={`/events/${id}`}>
          Back to the event
        </Link>
      </EmptyState>
    );
  return <EditEvent event={event.data} />;
}

function EditEvent({ event }: { event: Event }) {
  const navigate = useNavigate();
  const update = useUpdateEvent();
  const photo = useEventPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [removeStored, setRemoveStored] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [photoError, setPhotoError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<{ field: string; message: string }[]>();
  const [defaultValues] = useState(() => eventFormValues(event));

  const save = async (values: EventFormOutput) => {
    setError(undefined);
    setPhotoError(undefined);
    setFieldErrors(undefined);
    setBusy(true);
    const changes = eventChanges(event, values);
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync({ id: event.id, changes });
    } catch (e) {
      const failure = saveFailure(e, 'Failed to save the event. Please try again.');
      setFieldErrors(failure.fieldErrors);
      setError(failure.message);
      return setBusy(false);
    }
    try {
      await photo.sync(event.id, { file, remove: removeStored });
    } catch (e) {
      setPhotoError(errorText(e, 'The photo could not be uploaded.'));
      setError('Your changes are saved, but the photo could not be changed. Try again.');
      return setBusy(false);
    }
    await navigate(`/events/${event.id}`, { replace: true });
  };

  return (
    <div className="event-form-page">
      <div className="page-header">
        <Link to={`/events/${event.id}`} className="button button-ghost">
          <ArrowLeft aria-hidden size={18} /> Back
        </Link>
      </div>
      <h1>Edit event</h1>
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      <div className="card">
        <EventForm
          mode="edit"
          busy={busy}
          defaultValues={defaultValues}
          photo={{
            file,
            currentUrl: removeStored ? undefined : imageUrl(event.photo),
            progress: photo.progress,
            error: photoError,
          }}
          onPhotoChange={(chosen) => {
            setFile(chosen);
            setPhotoError(undefined);
          }}
          onRemoveCurrentPhoto={() => setRemoveStored(true)}
          fieldErrors={fieldErrors}
          onSubmit={(values) => void save(values)}
        />
      </div>
    </div>
  );
}
