import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_RADIUS, nearFromPosition, parseNear, RADIUS_OPTIONS } from '#shared/near';
import { STATE_CODES, US_STATES } from '#shared/us-states';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import '../../../components/field.css';
import { PinIcon } from '../../../components/icons.tsx';
import './near-place-form.css';

export interface NearPlaceFormProps {
  /** The place in effect (a `near` value), to start from. */
  near?: string;
  radius?: string;
  submitLabel: string;
  onSubmit(near: string, radius: string): void;
  /** Ends the radius search (shown when one is in effect). */
  onRemove?: () => void;
  /** The place field takes focus when the form appears (in a panel just opened). */
  autoFocus?: boolean;
}

type Locating = { state: 'idle' } | { state: 'locating' } | { state: 'failed'; message: string };

/** Why the browser gave no position, in words a person can act on. */
function locationProblem(code: number | undefined): string {
  if (code === 1) return 'Location access is off for this site. Allow it in your browser’s settings, or enter a ZIP code or city.';
  if (code === 3) return 'Finding your location took too long. Try again, or enter a ZIP code or city.';
  if (code === undefined) return 'This browser cannot share its location. Enter a ZIP code or city instead.';
  return 'Your location is not available right now. Enter a ZIP code or city instead.';
}

/** The text and state fields as a `near` value, or the error to show under the place field. */
function nearOf(text: string, state: string): { near: string } | { error: string } {
  const place = text.trim();
  if (!place) return { error: 'Enter a ZIP code or a city.' };
  if (/^\d/.test(place)) return parseNear(place)?.kind === 'zip' ? { near: place } : { error: 'A ZIP code has 5 digits, like 80302.' };
  if (parseNear(place)) return { near: place };
  if (!state) return { error: 'Choose the state the city is in, or type it after a comma (Boulder, CO).' };
  return parseNear(`${place}, ${state}`) ? { near: `${place}, ${state}` } : { error: 'Enter a ZIP code or a city.' };
}

/**
 * Where to search from: a ZIP code or a city (with its state), or the browser's location, and the radius
 * (10, 25, 50 or 100 miles). Used by /local and by the Near me panel of /events.
 */
export function NearPlaceForm({ near, radius, submitLabel, onSubmit, onRemove, autoFocus }: NearPlaceFormProps) {
  const id = useId();
  const current = near ? parseNear(near) : undefined;
  const [text, setText] = useState(current?.kind === 'zip' ? current.zip : current?.kind === 'city' ? current.city : '');
  const [state, setState] = useState<string>(current?.kind === 'city' ? current.state : '');
  const [miles, setMiles] = useState(radius ?? String(DEFAULT_RADIUS));
  const [error, setError] = useState<string | undefined>();
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = nearOf(text, state);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(undefined);
    onSubmit(result.near, miles);
  }

  function useMyLocation() {
    if (!('geolocation' in navigator)) {
      setLocating({ state: 'failed', message: locationProblem(undefined) });
      return;
    }
    setLocating({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating({ state: 'idle' });
        setError(undefined);
        onSubmit(nearFromPosition(position.coords.latitude, position.coords.longitude), miles);
      },
      (failure) => setLocating({ state: 'failed', message: locationProblem(failure.code) }),
      { timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }

  return (
    <form className="near-form" onSubmit={submit} noValidate aria-label="Where to search from">
      <div className="near-form__place">
        <TextField
          label="ZIP code or city"
          placeholder="80302 or Boulder"
          autoComplete="postal-code"
          maxLength={60}
          value={text}
          error={error}
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-state`}>
            State <span className="near-form__optional">(for a city)</span>
          </label>
          <select id={`${id}-state`} className="field__input" value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">Choose…</option>
            {STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {US_STATES[code]}
              </option>
            ))}
          </select>
        </div>
        <div className="field near-form__radius">
          <label className="field__label" htmlFor={`${id}-radius`}>
            Within
          </label>
          <select
            id={`${id}-radius`}
            className="field__input"
            value={miles}
            onChange={(event) => {
              setMiles(event.target.value);
              // With the place in effect still in the fields, a new radius searches at once.
              const typed = nearOf(text, state);
              if (near && 'near' in typed && typed.near === near) onSubmit(near, event.target.value);
              else if (current?.kind === 'point' && !text.trim()) onSubmit(near!, event.target.value);
            }}
          >
            {RADIUS_OPTIONS.map((option) => (
              <option key={option} value={String(option)}>
                {option} miles
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="near-form__actions">
        <Button type="button" variant="secondary" onClick={useMyLocation} disabled={locating.state === 'locating'}>
          <PinIcon size={18} />
          {locating.state === 'locating' ? 'Finding you…' : 'Use my location'}
        </Button>
        {onRemove ? (
          <Button type="button" variant="ghost" onClick={onRemove}>
            Remove
          </Button>
        ) : null}
        <Button type="submit" variant="primary" className="near-form__submit">
          {submitLabel}
        </Button>
      </div>
      <p className="near-form__status" role="status">
        {locating.state === 'failed' ? locating.message : current?.kind === 'point' ? 'Searching near your location.' : ''}
      </p>
    </form>
  );
}
