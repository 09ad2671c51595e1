/**
 * "Save this search" on the search page: for a signed-in person a small form asks for a name (the filters in
 * words to start from) and saves the search, whose new races then come in the daily digest; a visitor is asked
 * to sign in and comes back to the same search. The app gives it the filters a saved search keeps (none: no
 * button) and a name to suggest; a new search on the page mounts a new one (app/pages/save-search-action.tsx).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { NewSavedSearch } from '#shared/schemas/saved-search';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { signInPath } from '../../../lib/sign-in-path.ts';
import { useSaveSearch } from '../api/use-saved-searches.ts';
import './save-search-button.css';

export interface SaveSearchButtonProps {
  /** What the saved search keeps of the page's filters. */
  readonly kept: Omit<NewSavedSearch, 'name'>;
  readonly suggestedName: string;
}

export function SaveSearchButton({ kept, suggestedName }: SaveSearchButtonProps) {
  const { status } = useAuth();
  const location = useLocation();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(suggestedName);
  const nameId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (status !== 'signedIn') {
    return (
      <ButtonLink to={signInPath(location.pathname + location.search)} size="sm">
        Sign in to save this search
      </ButtonLink>
    );
  }
  if (save.isSuccess) {
    return (
      <p className="save-search__done" role="status">
        Saved “{save.data.name}”. New races for it come in your daily digest. <Link to="/saved-searches">Manage saved searches</Link>
      </p>
    );
  }
  if (!open) {
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        Save this search
      </Button>
    );
  }
  return (
    <form
      className="save-search"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ name, ...kept });
      }}
    >
      <label htmlFor={nameId} className="save-search__label">
        Name this search
      </label>
      <input
        ref={input}
        id={nameId}
        className="save-search__input"
        value={name}
        maxLength={80}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        aria-describedby={save.isError ? `${nameId}-error` : undefined}
      />
      <Button type="submit" variant="primary" size="sm" disabled={save.isPending || name.trim() === ''}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {save.isError ? (
        <p id={`${nameId}-error`} className="save-search__error" role="alert">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </form>
  );
}
