/** Stars: a rating shown (a fraction of five filled), and a rating chosen (five radio buttons, keyboard ready). */
import { useId } from 'react';
import './stars.css';

export function Stars({ value, size = 'md', label }: { value: number; size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={label ?? `${value} out of 5 stars`}>
      <span className="stars__empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars__full" aria-hidden="true" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

export function StarInput({ label, value, onChange, error, optional }: { label: string; value: number | undefined; onChange(value: number | undefined): void; error?: string; optional?: boolean }) {
  const name = useId();
  return (
    <fieldset className="star-input" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="field__label">
        {label}
        {optional ? <span className="star-input__optional"> (optional)</span> : null}
      </legend>
      <div className="star-input__choices">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className={`star-input__choice${value !== undefined && stars <= value ? ' star-input__choice--on' : ''}`}>
            <input type="radio" name={name} value={stars} checked={value === stars} onChange={() => onChange(stars)} className="visually-hidden" />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {stars} star{stars === 1 ? '' : 's'}
            </span>
          </label>
        ))}
        {optional && value !== undefined ? (
          <button type="button" className="star-input__clear" onClick={() => onChange(undefined)}>
            Clear<span className="visually-hidden"> {label}</span>
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${name}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
