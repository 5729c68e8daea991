import { zodResolver } from '@hookform/resolvers/zod';
import { DESCRIPTION_MAX, LISTING_TYPES, SELL_PRICE_MIN } from '@gardenswap/shared/constants';
import { DescriptionSchema, TitleSchema, priceProblem, storedPrice } from '@gardenswap/shared/listings';
import { useEffect } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField, TextArea, TextField } from '../../../components/field';
import { TYPE_OPTIONS, stateOptionsFor } from '../utils/categories';
import { CategoryButtons } from './category-buttons';
import type { PhotoItem } from './photo-items';
import { PhotoListEditor } from './photo-list-editor';

/** A price field's text as a number: anything that is not a number becomes 0 (spec §4). */
const toPrice = (text: string) => {
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : 0;
};

/** The post and edit form: limits and texts from the shared schemas, so the server says the same. */
export const ListingFormSchema = z
  .object({
    title: TitleSchema,
    description: DescriptionSchema,
    type_id: z.string(),
    price: z.string(),
    category_id: z.number(),
    is_public: z.boolean(),
    is_active: z.boolean(),
    /** Editing only: available, reserved or gone. */
    state_id: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const problem = priceProblem(Number(value.type_id), toPrice(value.price));
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
  })
  .transform((value) => {
    const { state_id, ...rest } = value;
    const typeId = Number(value.type_id);
    return {
      ...rest,
      type_id: typeId,
      price: storedPrice(typeId, toPrice(value.price)),
      ...(state_id ? { state_id: Number(state_id) } : {}),
    };
  });
export type ListingFormInput = z.input<typeof ListingFormSchema>;
export type ListingFormOutput = z.output<typeof ListingFormSchema>;

interface ListingFormProps {
  mode: 'create' | 'edit';
  defaultValues: ListingFormInput;
  /** The listing's photos, stored and chosen, in order (the first is the cover). */
  photos: PhotoItem[];
  onPhotosChange: (photos: PhotoItem[]) => void;
  /** Sends the photos whose upload failed again. */
  onRetryPhotos?: () => void;
  busy: boolean;
  /** The server's field errors from a 422 answer. */
  fieldErrors?: { field: string; message: string }[];
  onSubmit: (values: ListingFormOutput) => void;
}

const FORM_FIELDS = ['title', 'description', 'type_id', 'price', 'category_id', 'is_public', 'is_active', 'state_id'];

/** Post a Have listing (/listings/new) or edit one (/listings/{id}/edit). */
export function ListingForm({
  mode,
  defaultValues,
  photos,
  onPhotosChange,
  onRetryPhotos,
  busy,
  fieldErrors,
  onSubmit,
}: ListingFormProps) {
  const { register, handleSubmit, control, formState, setValue, setError, watch } = useForm<
    ListingFormInput,
    unknown,
    ListingFormOutput
  >({ resolver: zodResolver(ListingFormSchema), defaultValues });

  useEffect(() => {
    for (const { field, message } of fieldErrors ?? []) {
      if (FORM_FIELDS.includes(field)) setError(field as Path<ListingFormInput>, { message });
    }
  }, [fieldErrors, setError]);
  const imageError = fieldErrors?.find((e) => e.field === 'image')?.message;

  const isSell = Number(watch('type_id')) === LISTING_TYPES.sell;
  const description = watch('description') ?? '';
  const e = formState.errors;
  const submit = handleSubmit((values) => onSubmit(values));

  return (
    <form
      className="form listing-form"
      onSubmit={submit}
      noValidate
      aria-label={mode === 'create' ? 'Post a listing' : 'Edit listing'}
    >
      <fieldset disabled={busy} className="form plain-fieldset">
        <div className="field">
          <span className="field-label">Category</span>
          <Controller
            control={control}
            name="category_id"
            render={({ field }) => <CategoryButtons value={field.value} onChange={field.onChange} />}
          />
          {e.category_id?.message && (
            <p className="field-error" role="alert">
              {e.category_id.message}
            </p>
          )}
        </div>
        <TextField label="Item name" autoComplete="off" error={e.title?.message} {...register('title')} />
        <SelectField
          label="Type"
          error={e.type_id?.message}
          {...register('type_id', {
            // Exchange and giveaway carry no price (spec §4).
            onChange: (event: { target: { value: string } }) => {
              if (Number(event.target.value) !== LISTING_TYPES.sell) setValue('price', '0');
            },
          })}
        >
          {TYPE_OPTIONS.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.label}
            </option>
          ))}
        </SelectField>
        {isSell && (
          <TextField
            label="Price ($)"
            type="number"
            inputMode="numeric"
            min={SELL_PRICE_MIN}
            step={1}
            error={e.price?.message}
            {...register('price')}
          />
        )}
        <TextArea
          label="Description"
          rows={5}
          error={e.description?.message}
          hint={
            <span className={description.length > DESCRIPTION_MAX ? 'over-limit' : undefined}>
              {description.length}/{DESCRIPTION_MAX}
            </span>
          }
          {...register('description')}
        />
        <PhotoListEditor items={photos} onChange={onPhotosChange} onRetry={onRetryPhotos} disabled={busy} />
        {imageError && (
          <p className="field-error" role="alert">
            {imageError}
          </p>
        )}
        {mode === 'create' ? (
          <label className="checkbox">
            <input type="checkbox" {...register('is_public')} />
            publish the post to public
          </label>
        ) : (
          <>
            <Controller
              control={control}
              name="is_public"
              render={({ field }) => (
                <SelectField
                  label="Visibility"
                  hint="Friends only listings are shown to your friends and nobody else."
                  value={field.value ? 'public' : 'friends'}
                  onChange={(event) => field.onChange(event.currentTarget.value === 'public')}
                  onBlur={field.onBlur}
                >
                  <option value="public">Public</option>
                  <option value="friends">Friends only</option>
                </SelectField>
              )}
            />
            <SelectField
              label="Status"
              hint="Gone listings leave the marketplace but stay in My listings."
              error={e.state_id?.message}
              {...register('state_id')}
            >
              {stateOptionsFor(Number(defaultValues.state_id)).map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.label}
                </option>
              ))}
            </SelectField>
            <div className="field">
              <label className="checkbox">
                <input type="checkbox" aria-describedby="listing-active-hint" {...register('is_active')} />
                Active
              </label>
              <p className="field-hint" id="listing-active-hint">
                A paused listing is hidden from everyone but you.
              </p>
            </div>
          </>
        )}
        <button type="submit" className="button button-primary button-block">
          {mode === 'create' ? (busy ? 'Posting...' : 'Post') : busy ? 'Saving...' : 'Save changes'}
        </button>
      </fieldset>
    </form>
  );
}
