import { zodResolver } from '@hookform/resolvers/zod';
import {
  EVENT_AHEAD_MAX_DAYS,
  EVENT_CAPACITY_MAX,
  EVENT_CAPACITY_MIN,
  EVENT_DESCRIPTION_MAX,
} from '@gardenswap/shared/events';
import { useEffect, useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { ProgressBar } from '../../../components/feedback';
import { TextArea, TextField } from '../../../components/field';
import { PhotoPicker } from '../../../components/photo-picker';
import { instantToLocal } from '../../../lib/datetime-local';
import {
  EVENT_FORM_FIELDS,
  type EventFormOutput,
  type EventFormValues,
  eventFormSchema,
} from '../utils/event-form-schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The photo beside the fields: one chosen now (compressed already), or the one stored, or none. */
export interface EventPhotoChoice {
  file: File | null;
  /** The stored photo, shown until another is chosen or it is removed. */
  currentUrl?: string;
  /** Upload progress 0..1 while it is sent. */
  progress?: number;
  error?: string;
}

interface EventFormProps {
  mode: 'create' | 'edit';
  defaultValues: EventFormValues;
  photo: EventPhotoChoice;
  onPhotoChange: (file: File | null) => void;
  /** Editing: the stored photo is to go. */
  onRemoveCurrentPhoto?: () => void;
  busy: boolean;
  /** The server's field errors from a 422 answer. */
  fieldErrors?: { field: string; message: string }[];
  onSubmit: (values: EventFormOutput) => void;
}

/** Host an event (/events/new) or change one (/events/{id}/edit). */
export function EventForm(props: EventFormProps) {
  const { mode, defaultValues, photo, onPhotoChange, onRemoveCurrentPhoto, busy, fieldErrors, onSubmit } = props;
  const schema = useMemo(
    () => eventFormSchema(mode === 'edit' ? { keptStart: defaultValues.starts_at } : {}),
    [mode, defaultValues.starts_at],
  );
  const { register, handleSubmit, formState, setError, watch } = useForm<EventFormValues, unknown, EventFormOutput>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  useEffect(() => {
    for (const { field, message } of fieldErrors ?? [])
      if ((EVENT_FORM_FIELDS as string[]).includes(field)) setError(field as Path<EventFormValues>, { message });
  }, [fieldErrors, setError]);
  // The earliest and latest start the inputs offer: the browser's picker, not the rule (the schema holds that).
  const [now] = useState(Date.now);
  const imageError = photo.error ?? fieldErrors?.find((e) => e.field === 'image')?.message;
  const description = watch('description') ?? '';
  const e = formState.errors;

  return (
    <form
      className="form event-form"
      noValidate
      aria-label={mode === 'create' ? 'Host an event' : 'Edit event'}
      onSubmit={handleSubmit((values) => onSubmit(values))}
    >
      <fieldset disabled={busy} className="form plain-fieldset">
        <TextField
          label="Title"
          autoComplete="off"
          placeholder="e.g. Spring seed swap"
          error={e.title?.message}
          {...register('title')}
        />
        <TextArea
          label="Description"
          rows={5}
          error={e.description?.message}
          hint={
            <span className={description.length > EVENT_DESCRIPTION_MAX ? 'over-limit' : undefined}>
              {description.length}/{EVENT_DESCRIPTION_MAX}
            </span>
          }
          {...register('description')}
        />
        <div className="event-form-times">
          <TextField
            label="Starts"
            type="datetime-local"
            min={mode === 'create' ? instantToLocal(now) : undefined}
            max={instantToLocal(now + EVENT_AHEAD_MAX_DAYS * DAY_MS)}
            error={e.starts_at?.message}
            {...register('starts_at')}
          />
          <TextField label="Ends" type="datetime-local" error={e.ends_at?.message} {...register('ends_at')} />
        </div>
        <TextField
          label="Place"
          autoComplete="off"
          placeholder="e.g. Liberty Park pavilion"
          error={e.place_name?.message}
          {...register('place_name')}
        />
        <TextField
          label="Address (optional)"
          autoComplete="street-address"
          hint="Events are public: every member who sees the event sees its address."
          error={e.address?.message}
          {...register('address')}
        />
        <TextField
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          error={e.zip_code?.message}
          {...register('zip_code')}
        />
        <TextField
          label="Capacity (optional)"
          type="number"
          inputMode="numeric"
          min={EVENT_CAPACITY_MIN}
          max={EVENT_CAPACITY_MAX}
          step={1}
          hint="How many members can come. Leave it empty for no limit."
          error={e.capacity?.message}
          {...register('capacity')}
        />
        <PhotoPicker
          label="Photo (optional)"
          file={photo.file}
          onChange={onPhotoChange}
          currentUrl={photo.currentUrl}
          onRemoveCurrent={onRemoveCurrentPhoto}
        />
        {photo.progress !== undefined && <ProgressBar value={photo.progress} label="Uploading the photo" />}
        {imageError && (
          <p className="field-error" role="alert">
            {imageError}
          </p>
        )}
        <button type="submit" className="button button-primary button-block">
          {mode === 'create' ? (busy ? 'Posting...' : 'Post event') : busy ? 'Saving...' : 'Save changes'}
        </button>
      </fieldset>
    </form>
  );
}
