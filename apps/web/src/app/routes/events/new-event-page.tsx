import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/feedback';
import { errorText } from '../../../lib/api-client';
import { useCreateEvent } from '../../../features/events/api/use-create-event';
import { useEventPhoto } from '../../../features/events/api/use-event-photo';
import { useUpdateEvent } from '../../../features/events/api/use-update-event';
import { EventForm } from '../../../features/events/components/event-form';
import { EMPTY_EVENT_FORM, type EventFormOutput } from '../../../features/events/utils/event-form-schema';
import { saveFailure } from '../../../features/events/utils/save-failure';
import '../../../features/events/events.css';

const PHOTO_FAILED =
  'Your event is posted, but its photo could not be uploaded. Try again, or remove the photo and post again.';

/** /events/new: a member hosts a seed swap; its photo goes up once the event is posted. */
export default function NewEventPage() {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const photo = useEventPhoto();
  const [file, setFile] = useState<File | null>(null);
  // Once posted, sending again saves the changes and the photo: the event is never posted twice.
  const [postedId, setPostedId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [photoError, setPhotoError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<{ field: string; message: string }[]>();

  const post = async (values: EventFormOutput) => {
    setError(undefined);
    setPhotoError(undefined);
    setFieldErrors(undefined);
    setBusy(true);
    let id = postedId;
    try {
      if (id === undefined) {
        id = (await create.mutateAsync(values)).id;
        setPostedId(id);
      } else await update.mutateAsync({ id, changes: values });
    } catch (e) {
      const failure = saveFailure(e, 'Failed to post the event. Please try again later.');
      setFieldErrors(failure.fieldErrors);
      setError(failure.message);
      return setBusy(false);
    }
    try {
      await photo.sync(id, { file });
    } catch (e) {
      setPhotoError(errorText(e, 'The photo could not be uploaded.'));
      setError(PHOTO_FAILED);
      return setBusy(false);
    }
    await navigate(`/events/${id}`, { replace: true });
  };

  return (
    <div className="event-form-page">
      <h1>Host a seed swap</h1>
      <ErrorBanner message={error} onDismiss={() => setError(undefined)} />
      {postedId && (
        <p>
          <Link to={`/events/${postedId}`}>Go to the event</Link>
        </p>
      )}
      <div className="card">
        <EventForm
          mode="create"
          busy={busy}
          defaultValues={EMPTY_EVENT_FORM}
          photo={{ file, progress: photo.progress, error: photoError }}
          onPhotoChange={(chosen) => {
            setFile(chosen);
            setPhotoError(undefined);
          }}
          fieldErrors={fieldErrors}
          onSubmit={(values) => void post(values)}
        />
      </div>
    </div>
  );
}
