import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  DESCRIPTION_MAX,
  LISTING_TYPES,
  PACKED_YEAR_MIN,
  QUANTITY_MAX,
  SELL_PRICE_MIN,
  VARIETY_MAX,
} from '@gardenswap/shared/constants';
import { DescriptionSchema, TitleSchema, priceProblem, storedPrice } from '@gardenswap/shared/listings';
import { type SeedLot, SeedLotInputSchema, storedSeedLot } from '@gardenswap/shared/seed-lots';
import { SEED_TEXTS } from '@gardenswap/shared/seed-texts';
import { useEffect } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField, TextArea, TextField } from '../../../components/field';
import { TYPE_OPTIONS, stateOptionsFor } from '../utils/categories';
import { POLLINATION_OPTIONS, thisYear } from '../utils/seed-lot';
import { CategoryButtons } from './category-buttons';
import type { PhotoItem } from './photo-items';
import { PhotoListEditor } from './photo-list-editor';

/** A price field's text as a number: anything that is not a number becomes 0 (spec §4). */
const toPrice = (text: string) => {
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : 0;
};

/** A seed lot's details as the form holds them: texts as typed, the two checkboxes. */
const SeedLotFields = {
  variety: z.string(),
  packed_year: z.string(),
  pollination: z.string(),
  quantity: z.string(),
  organic: z.boolean(),
  can_mail: z.boolean(),
};
type SeedLotFormValues = { [K in keyof typeof SeedLotFields]: z.infer<(typeof SeedLotFields)[K]> };
const SEED_FIELDS = Object.keys(SeedLotFields) as (keyof SeedLotFormValues)[];

/** A listing's seed details as the form's fields (every field empty for a listing that has none). */
export function seedLotFormValues(lot?: SeedLot): SeedLotFormValues {
  return {
    variety: lot?.variety ?? '',
    packed_year: lot?.packed_year === null || lot?.packed_year === undefined ? '' : String(lot.packed_year),
    pollination: lot?.pollination ?? '',
    quantity: lot?.quantity ?? '',
    organic: lot?.organic ?? false,
    can_mail: lot?.can_mail ?? false,
  };
}

/** The form's seed fields read by the shared schema: its limits and texts, blank ones empty. */
const seedLotOf = (value: SeedLotFormValues) => SeedLotInputSchema.safeParse(value);

/**
 * The post and edit form: limits and texts from the shared schemas, so the server says the same.
 * A seed lot's details are checked and sent only in the seeds category, every one of them (an
 * empty one clears it); in another they are neither checked nor sent.
 */
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
    ...SeedLotFields,
  })
  .superRefine((value, ctx) => {
    const problem = priceProblem(Number(value.type_id), toPrice(value.price));
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
    if (value.category_id !== CATEGORIES.seeds) return;
    const seedLot = seedLotOf(value);
    for (const issue of seedLot.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform((value) => {
    const { state_id, variety, packed_year, pollination, quantity, organic, can_mail, ...rest } = value;
    const typeId = Number(value.type_id);
    const seedLot = seedLotOf({ variety, packed_year, pollination, quantity, organic, can_mail });
    return {
      ...rest,
      type_id: typeId,
      price: storedPrice(typeId, toPrice(value.price)),
      // Another category keeps none of them (the server drops any, `storedSeedLot`): none is sent.
      ...(value.category_id === CATEGORIES.seeds ? storedSeedLot(value.category_id, seedLot.data ?? {}) : {}),
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

const FORM_FIELDS = [
  'title',
  'description',
  'type_id',
  'price',
  'category_id',
  'is_public',
  'is_active',
  'state_id',
  ...SEED_FIELDS,
];

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
  const isSeeds = watch('category_id') === CATEGORIES.seeds;
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
        {isSeeds && (
          <fieldset className="plain-fieldset form seed-lot-fields">
            <legend className="field-label">{SEED_TEXTS.sectionTitle}</legend>
            <TextField
              label={SEED_TEXTS.variety}
              autoComplete="off"
              maxLength={VARIETY_MAX}
              hint={SEED_TEXTS.varietyHint}
              error={e.variety?.message}
              {...register('variety')}
            />
            <TextField
              label={SEED_TEXTS.packedYear}
              type="number"
              inputMode="numeric"
              min={PACKED_YEAR_MIN}
              max={thisYear()}
              step={1}
              error={e.packed_year?.message}
              {...register('packed_year')}
            />
            <SelectField label={SEED_TEXTS.pollination} error={e.pollination?.message} {...register('pollination')}>
              <option value="">{SEED_TEXTS.pollinationNotSaid}</option>
              {POLLINATION_OPTIONS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </SelectField>
            <TextField
              label={SEED_TEXTS.quantity}
              autoComplete="off"
              maxLength={QUANTITY_MAX}
              hint={SEED_TEXTS.quantityHint}
              error={e.quantity?.message}
              {...register('quantity')}
            />
            <label className="checkbox">
              <input type="checkbox" {...register('organic')} />
              {SEED_TEXTS.organic}
            </label>
            <label className="checkbox">
              <input type="checkbox" {...register('can_mail')} />
              {SEED_TEXTS.canMail}
            </label>
          </fieldset>
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
