import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and read with it. */
  hint?: ReactNode;
  error?: string;
  /** Extra content read with the input (e.g. a rules list), identified by this element id. */
  describedBy?: string;
  tone?: 'light' | 'dark';
  ref?: Ref<HTMLInputElement>;
}

/** Label, input, hint and inline error; the error and hint are tied to the input with aria-describedby. */
export function TextField({ label, hint, error, describedBy, className, tone = 'light', ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', tone === 'dark' ? 'field--dark' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
