import { PICKUP_AHEAD_MAX_DAYS, PICKUP_PLACE_MAX, PICKUP_TIMES_MAX } from '@gardenswap/shared/pickup';
import { Plus, X } from 'lucide-react';
import { TextField } from '../../../components/field';
import { type PickupFieldErrors, instantToLocal } from './pickup-times';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the times-and-place fields hold: `datetime-local` values as typed, and the place. */
export interface PickupDraft {
  times: string[];
  place: string;
}

/**
 * One to three `datetime-local` inputs and a place, to sit inside a form; `required` makes every
 * shown time needed (an offer), else empty times are left out (a reservation).
 */
export function PickupTimesFields(props: {
  value: PickupDraft;
  onChange: (draft: PickupDraft) => void;
  errors?: PickupFieldErrors;
  required?: boolean;
  legend: string;
}) {
  const { value, onChange, errors, required, legend } = props;
  const now = Date.now();
  const setTime = (index: number, time: string) =>
    onChange({ ...value, times: value.times.map((t, i) => (i === index ? time : t)) });
  return (
    <fieldset className="pickup-fields">
      <legend>{legend}</legend>
      {value.times.map((time, index) => (
        <div key={index} className="pickup-time-row">
          <TextField
            label={`Time ${index + 1}`}
            type="datetime-local"
            value={time}
            required={required}
            min={instantToLocal(now)}
            max={instantToLocal(now + PICKUP_AHEAD_MAX_DAYS * DAY_MS)}
            error={errors?.time[index]}
            onChange={(e) => setTime(index, e.currentTarget.value)}
          />
          {value.times.length > 1 && (
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove time ${index + 1}`}
              onClick={() => onChange({ ...value, times: value.times.filter((_, i) => i !== index) })}
            >
              <X aria-hidden size={18} />
            </button>
          )}
        </div>
      ))}
      {errors?.times && (
        <p className="field-error" role="alert">
          {errors.times}
        </p>
      )}
      {value.times.length < PICKUP_TIMES_MAX && (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => onChange({ ...value, times: [...value.times, ''] })}
        >
          <Plus aria-hidden size={16} /> Add another time
        </button>
      )}
      <TextField
        label="Place (optional)"
        value={value.place}
        maxLength={PICKUP_PLACE_MAX}
        placeholder="e.g. the side gate"
        error={errors?.place}
        onChange={(e) => onChange({ ...value, place: e.currentTarget.value })}
      />
    </fieldset>
  );
}
