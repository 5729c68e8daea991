import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  forwardRef,
  useId,
} from 'react';

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Visually hidden label, for inputs whose purpose the layout already shows. */
  hideLabel?: boolean;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}

function FieldFrame({ label, error, hint, hideLabel, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      {children({ id, describedBy })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { label: string; error?: string; hint?: ReactNode; hideLabel?: boolean };

/** A labelled input with its error text wired to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, hideLabel, ...input }, ref) {
    return (
      <FieldFrame label={label} error={error} hint={hint} hideLabel={hideLabel}>
        {({ id, describedBy }) => (
          <input
            ref={ref}
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="input"
            {...input}
          />
        )}
      </FieldFrame>
    );
  },
);

export const TextArea = forwardRef<HTMLTextAreaElement, Common & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextArea({ label, error, hint, hideLabel, ...input }, ref) {
    return (
      <FieldFrame label={label} error={error} hint={hint} hideLabel={hideLabel}>
        {({ id, describedBy }) => (
          <textarea
            ref={ref}
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="input"
            {...input}
          />
        )}
      </FieldFrame>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, Common & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField({ label, error, hint, hideLabel, children, ...input }, ref) {
    return (
      <FieldFrame label={label} error={error} hint={hint} hideLabel={hideLabel}>
        {({ id, describedBy }) => (
          <select
            ref={ref}
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="input"
            {...input}
          >
            {children}
          </select>
        )}
      </FieldFrame>
    );
  },
);
