import { useId, type ReactNode } from 'react';
import './field.css';

interface FieldFrameProps {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
}

/** A labelled textarea with the text field's hint and inline error (tied with aria-describedby). */
export function TextAreaField({ label, required, hint, error, value, onChange, rows = 4 }: FieldFrameProps & { value: string; onChange(value: string): void; rows?: number }) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input" rows={rows} required={required} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described} />
      {error ? <p id={`${id}-error`} className="field__error">{error}</p> : null}
      {hint ? <p id={`${id}-hint`} className="field__hint">{hint}</p> : null}
    </div>
  );
}

/** A labelled select with a 'Choose…' first option when nothing is chosen yet. */
export function ChoiceField({ label, required, hint, error, value, onChange, options }: FieldFrameProps & { value: string; onChange(value: string): void; options: readonly { value: string; label: string }[] }) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const hasEmpty = options.some((option) => option.value === '');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" required={required} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described}>
        {hasEmpty ? null : <option value="" disabled>Choose…</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <p id={`${id}-error`} className="field__error">{error}</p> : null}
      {hint ? <p id={`${id}-hint`} className="field__hint">{hint}</p> : null}
    </div>
  );
}
