/**
 * Saved searches on the web: "Save this search" on the search page (a name to start from, the filters a saved
 * search keeps, a visitor asked to sign in, none for a search with nothing to match by), and /saved-searches
 * (each search's filters in words and a link to its results, rename in place, delete after asking).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedSearch } from '#shared/schemas/saved-search';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createFakeApi, type FakeApi } from './events-fixtures.ts';
import { renderAppLoaded, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };


beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('searchEvents', () => ({ items: [], complete: true }));
});

const search = (fields: Partial<SavedSearch> = {}): SavedSearch => ({ id: '01J9000000000000000000000A', name: 'Colorado trails', q: 'trail', state: 'CO', createdAt: '2027-01-10T15:00:00.000Z', ...fields });

describe('saving a search', () => {
  it('saves the filters a saved search keeps under the name given, and says where to manage it', async () => {
    const user = userEvent.setup();
    mocked.api.on('createSavedSearch', (input) => ({ ...search(), ...((input as { body?: object }).body ?? {}), id: '01J9000000000000000000000B', createdAt: '2027-01-10T15:00:00.000Z' }));
    await renderAppLoaded({ ...signedInAs('athlete'), path: '/events?q=trail&state=CO&rating=4' });

    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const name = screen.getByRole('textbox', { name: 'Name this search' });
    expect(name).toHaveValue('“trail”, Colorado');
    await user.clear(name);
    await user.type(name, 'Front Range trails');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mocked.api.callsOf('createSavedSearch')).toEqual([{ body: { name: 'Front Range trails', q: 'trail', state: 'CO' } }]));
    expect(await screen.findByText(/Saved “Front Range trails”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage saved searches' })).toHaveAttribute('href', '/saved-searches');
  });

  it("shows the server's refusal beside the name, keeping it", async () => {
    const user = userEvent.setup();
    mocked.api.on('createSavedSearch', () => {
      throw new ApiError(409, 'You have 20 saved searches, the most there can be. Delete one to save another.', 'conflict');
    });
    await renderAppLoaded({ ...signedInAs('athlete'), path: '/events?state=UT' });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/You have 20 saved searches/)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('textbox', { name: 'Name this search' })).toHaveValue('Utah');
  });

  it('asks a visitor to sign in and come back, and offers nothing for a search with nothing to match new races by', async () => {
    const { unmount } = await renderAppLoaded({ path: '/events?state=CO' });
    const link = await screen.findByRole('link', { name: 'Sign in to save this search' });
    expect(link.getAttribute('href')).toContain(encodeURIComponent('/events?state=CO'));
    unmount();

    await renderAppLoaded({ ...signedInAs('athlete'), path: '/events?rating=4' });
    await screen.findByRole('heading', { name: 'Discover Events' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
  });
});

describe('the saved searches page', () => {
  it('lists each search with its filters in words and a link to its races, renames in place and deletes after asking', async () => {
    const user = userEvent.setup();
    let items = [search(), search({ id: '01J9000000000000000000000C', name: 'Near home', q: undefined, state: undefined, near: '80302', radius: 50 })];
    mocked.api.on('listSavedSearches', () => ({ items, max: 20 }));
    mocked.api.on('renameSavedSearch', (input) => {
      const { path, body } = input as { path: { id: string }; body: { name: string } };
      items = items.map((item) => (item.id === path.id ? { ...item, name: body.name } : item));
      return items.find((item) => item.id === path.id)!;
    });
    mocked.api.on('deleteSavedSearch', ({ path }) => {
      items = items.filter((item) => item.id !== path!.id);
      return undefined;
    });
    await renderAppLoaded({ ...signedInAs('athlete'), path: '/saved-searches' });

    const list = await screen.findByRole('list', { name: 'Saved searches' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Search: “trail” · State: Colorado');
    expect(within(first!).getByRole('link', { name: 'Show races' })).toHaveAttribute('href', '/events?q=trail&state=CO');
    expect(second).toHaveTextContent('Near: 80302 (50 mi)');
    expect(screen.getByText('2 of 20 saved searches')).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Rename' }));
    const input = within(first!).getByRole('textbox', { name: 'New name for Colorado trails' });
    await user.clear(input);
    await user.type(input, 'Front Range{Enter}');
    expect(await within(list).findByRole('heading', { name: 'Front Range' })).toBeInTheDocument();

    await user.click(within(second!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Near home”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete search' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Saved searches' })).getAllByRole('listitem')).toHaveLength(1));
    expect(mocked.api.callsOf('deleteSavedSearch')).toEqual([{ path: { id: '01J9000000000000000000000C' } }]);
  });

  it('says how to save one when there are none', async () => {
    mocked.api.on('listSavedSearches', () => ({ items: [], max: 20 }));
    await renderAppLoaded({ ...signedInAs('athlete'), path: '/saved-searches' });
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search races' })).toHaveAttribute('href', '/events');
  });
});
