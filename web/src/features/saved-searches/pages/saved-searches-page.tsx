/**
 * /saved-searches (signed in): the person's saved searches, each with its filters in words, a link to its
 * results, Rename (in place) and Delete (asked first). New races for each come in the daily digest, by e-mail and
 * in the inbox as the notification settings say. The app passes how a search reads and where it leads
 * (app/pages/saved-searches-route.tsx), since those are the search page's words.
 */
import { useState } from 'react';
import type { SavedSearch } from '#shared/schemas/saved-search';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDeleteSearch, useRenameSearch, useSavedSearches } from '../api/use-saved-searches.ts';
import './saved-searches-page.css';

export const gate: PageGate = {
  signInText: 'Sign in to see your saved searches. New races for each come in a daily digest.',
  loadingLabel: 'Loading your saved searches',
};

export interface SavedSearchesPageProps {
  /** The search's filters in words, as the search page's chips say them. */
  describe(search: SavedSearch): string[];
  /** The search page's address for the search. */
  href(search: SavedSearch): string;
}

function SearchRow({ search, describe, href, onDelete }: SavedSearchesPageProps & { search: SavedSearch; onDelete(search: SavedSearch): void }) {
  const rename = useRenameSearch();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(search.name);
  return (
    <li className="saved-search-list__item">
      {editing ? (
        <form
          className="saved-search-list__rename"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ id: search.id, name }, { onSuccess: () => setEditing(false) });
          }}
        >
          <input
            aria-label={`New name for ${search.name}`}
            className="saved-search-list__input"
            value={name}
            maxLength={80}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
          />
          <Button type="submit" variant="primary" size="sm" disabled={rename.isPending || name.trim() === ''}>
            {rename.isPending ? 'Saving…' : 'Save name'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {rename.isError ? (
            <p className="saved-search-list__error" role="alert">
              {errorMessage(rename.error)}
            </p>
          ) : null}
        </form>
      ) : (
        <h2 className="saved-search-list__name">{search.name}</h2>
      )}
      <p className="saved-search-list__filters">{describe(search).join(' · ')}</p>
      <div className="saved-search-list__actions">
        <ButtonLink to={href(search)} size="sm" variant="primary">
          Show races
        </ButtonLink>
        {editing ? null : (
          <Button
            size="sm"
            onClick={() => {
              setName(search.name);
              setEditing(true);
            }}
          >
            Rename
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => onDelete(search)}>
          Delete
        </Button>
      </div>
    </li>
  );
}

export function SavedSearchesPage({ describe, href }: SavedSearchesPageProps) {
  useDocumentTitle('Saved searches');
  const searches = useSavedSearches();
  const remove = useDeleteSearch();
  const [deleting, setDeleting] = useState<SavedSearch>();

  let body;
  if (searches.isPending) body = <LoadingBlock label="Loading your saved searches" />;
  else if (searches.isError) body = <LoadErrorPanel title="Your saved searches could not load" error={searches.error} retry={() => void searches.refetch()} />;
  else if (searches.data.items.length === 0) {
    body = (
      <div className="state-panel">
        <p className="state-panel__title">No saved searches yet</p>
        <p className="state-panel__text">Search for races, then press “Save this search”. Each morning we tell you about new races that match.</p>
        <ButtonLink to="/events" variant="primary">
          Search races
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <>
        <p className="saved-search-list__count">
          {searches.data.items.length} of {searches.data.max} saved searches
        </p>
        <ul className="saved-search-list" aria-label="Saved searches">
          {searches.data.items.map((search) => (
            <SearchRow key={search.id} search={search} describe={describe} href={href} onDelete={setDeleting} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Saved searches"
        lede="New races that match these searches come in a daily digest."
        actions={<ButtonLink to="/settings/notifications">Notification settings</ButtonLink>}
      />
      <div className="container saved-searches-page">
        {remove.isError ? (
          <Alert tone="error" title="The search was not deleted">
            <p>{errorMessage(remove.error)}</p>
          </Alert>
        ) : null}
        {body}
      </div>
      {deleting ? (
        <ConfirmDialog
          title={`Delete “${deleting.name}”?`}
          confirmText="Delete search"
          busy={remove.isPending}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(undefined) })}
        >
          <p>You will get no more digests for this search. Your other searches and the races you saved stay as they are.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
