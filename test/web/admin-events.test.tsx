/**
 * /admin/events: the server-side table of every event with spec 001's filters, row and bulk actions, their
 * confirmation and result texts, and the super admin's flush. The API is faked at useApi.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminEventRow } from '../../shared/schemas/admin-events.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith, routedApi } from './fake-use-api.ts';

/** The API as this file's tests answer it: each call recorded, then answered by the route's handler. */
const mocked = routedApi();
const { request, callsOf } = mocked;

function row(n: number, overrides: Partial<AdminEventRow> = {}): AdminEventRow {
  return {
    id: `01JADMIN${String(n).padStart(18, '0')}`,
    title: `Harbor Run ${n}`,
    eventDate: '2027-05-01',
    city: 'Boston',
    state: 'MA',
    eventType: 'road_race',
    verified: n % 2 === 0,
    featured: false,
    registrationFee: 35,
    maxParticipants: 500,
    source: 'runsignup',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
// A short first page: Cloudscape's table renders slowly in jsdom, and every row costs each test that renders it.
const rows = Array.from({ length: 6 }, (_, index) => row(index + 1));

beforeAll(async () => {
  await import('../../web/src/admin/admin-area.tsx');
});

beforeEach(() => {
  mocked.handlers.clear();
  mocked.calls.length = 0;
  answerApiWith(request);
  mocked.handlers.set('listAdminEvents', ({ query }) =>
    query?.cursor
      ? { items: [row(7)], offset: 6, total: 7, totalExact: true, complete: true }
      : { items: rows, offset: 0, total: 7, totalExact: true, complete: false, nextCursor: 'page-2' },
  );
});

/** Renders the screen; the lazy admin chunk can take seconds on a cold, busy jsdom, so the wait is long. */
async function open(path = '/admin/events', role: 'admin' | 'superadmin' = 'admin') {
  const rendered = renderApp({ path, ...signedInAs(role) });
  await screen.findByRole('heading', { level: 1, name: /Event Management/ });
  return rendered;
}
const firstRow = () => screen.findByText('Harbor Run 1');

// Cloudscape's table renders slowly in jsdom, and more so on a busy machine.
describe('admin events screen', () => {
  it('lists events with their badges and the server count, and pages with the cursor', async () => {
    const user = userEvent.setup();
    await open();
    await firstRow();
    expect(screen.getByRole('heading', { level: 1, name: /Event Management/ })).toBeInTheDocument();
    expect((await screen.findAllByText('Showing 1 to 6 of 7 events')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Unverified').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Harbor Run 7')).toBeInTheDocument();
    expect((await screen.findAllByText('Showing 7 to 7 of 7 events')).length).toBeGreaterThan(0);
    expect(callsOf('listAdminEvents').at(-1)?.query).toEqual({ cursor: 'page-2' });
  });

  it('sends the filters kept in the URL, and says when a combined total is a lower bound', async () => {
    mocked.handlers.set('listAdminEvents', () => ({ items: rows, offset: 0, total: 6, totalExact: false, complete: false, nextCursor: 'x' }));
    await open('/admin/events?q=harbor&verified=no&featured=yes&type=trail_race&state=ca&from=2027-01-01&to=2027-12-31&review=yes');
    await firstRow();
    expect(callsOf('listAdminEvents')[0]?.query).toEqual({
      q: 'harbor', verified: 'false', featured: 'true', type: 'trail_race', state: 'CA', from: '2027-01-01', to: '2027-12-31', needsReview: 'true',
    });
    expect(screen.getAllByText('Showing 1 to 6 of 6+ events').length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox', { name: 'Needs review' })).toBeChecked();
  });

  it('verifies an event from its row and says so', async () => {
    const user = userEvent.setup();
    mocked.handlers.set('updateAdminEvent', ({ body }) => ({ ...row(1), ...body }));
    await open();
    await firstRow();
    await user.click(screen.getByRole('button', { name: 'Verify Harbor Run 1' }));
    expect(await screen.findByText('Event updated')).toBeInTheDocument();
    expect(callsOf('updateAdminEvent')).toEqual([{ path: { id: row(1).id }, body: { verified: true } }]);
    // The row says so at once, though the list read again still has it unverified (an index not caught up).
    expect(await screen.findByRole('button', { name: 'Unverify Harbor Run 1' })).toBeInTheDocument();
    await waitFor(() => expect(callsOf('listAdminEvents').length).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: 'Unverify Harbor Run 1' })).toBeInTheDocument();
  });

  it('asks before unverifying an event, which takes it out of public search', async () => {
    const user = userEvent.setup();
    mocked.handlers.set('updateAdminEvent', ({ body }) => ({ ...row(2), ...body }));
    await open();
    await firstRow();
    await user.click(screen.getByRole('button', { name: 'Unverify Harbor Run 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unverify event' });
    expect(within(dialog).getByText('Unverify this event? It leaves public search until an admin verifies it again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf('updateAdminEvent')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unverify Harbor Run 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Unverify event' });
    await user.click(within(dialog).getByRole('button', { name: 'Unverify' }));
    expect(await screen.findByRole('button', { name: 'Verify Harbor Run 2' })).toBeInTheDocument();
    expect(callsOf('updateAdminEvent')).toEqual([{ path: { id: row(2).id }, body: { verified: false } }]);
  });

  it('opens the edit form from a row, with the filtered list to come back to', async () => {
    const user = userEvent.setup();
    mocked.handlers.set('getEvent', () => {
      throw new ApiError(503, 'The service is unavailable');
    });
    const { router } = await open('/admin/events?state=MA');
    await firstRow();
    const edit = screen.getByRole('link', { name: 'Edit Harbor Run 4' });
    expect(edit).toHaveAttribute('href', `/events/${row(4).id}/edit`);
    await user.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${row(4).id}/edit`));
    expect(router.state.location.state).toEqual({ returnTo: '/admin/events?state=MA' });
  });

  it('clears the review flag of an event an import flagged', async () => {
    const user = userEvent.setup();
    mocked.handlers.set('listAdminEvents', () => ({ items: [row(1, { reviewFlag: 'removed-from-source' })], offset: 0, total: 1, totalExact: true, complete: true }));
    mocked.handlers.set('updateAdminEvent', () => ({ ...row(1) }));
    await open('/admin/events?review=yes');
    expect(await screen.findByText('Gone from source')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark Harbor Run 1 reviewed' }));
    expect(await screen.findByText('Event updated')).toBeInTheDocument();
    expect(callsOf('updateAdminEvent')).toEqual([{ path: { id: row(1).id }, body: { reviewFlag: null } }]);
  });

  it('shows the server message when an update fails', async () => {
    const user = userEvent.setup();
    mocked.handlers.set('updateAdminEvent', () => {
      throw new ApiError(409, 'The event was changed by someone else. Reload it and try again.');
    });
    await open();
    await firstRow();
    await user.click(screen.getByRole('button', { name: 'Feature Harbor Run 2' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('The event was changed by someone else. Reload it and try again.')).toBeInTheDocument();
  });

  it('asks before deleting one event', async () => {
    const user = userEvent.setup();
    mocked.handlers.set('deleteAdminEvent', () => undefined);
    await open();
    await firstRow();
    await user.click(screen.getByRole('button', { name: 'Delete Harbor Run 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    expect(within(dialog).getByText('Are you sure you want to delete this event? This action cannot be undone.')).toBeInTheDocument();
    expect(callsOf('deleteAdminEvent')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Event deleted')).toBeInTheDocument();
    expect(callsOf('deleteAdminEvent')).toEqual([{ path: { id: row(3).id } }]);
  });

  // Twenty-odd clicks through Cloudscape's table: 3.4 s alone, past 30 s beside the suite's other lanes.
  it('features the selected events in bulk, and confirms a bulk delete with the count', async () => {
    const user = userEvent.setup();
    mocked.handlers.set('bulkUpdateAdminEvents', ({ body }) => ({
      updated: (body!.ids as string[]).length,
      message: `Updated ${(body!.ids as string[]).length} events`,
      results: (body!.ids as string[]).map((id) => ({ id, outcome: 'updated' })),
    }));
    await open();
    await firstRow();
    await user.click(screen.getByRole('checkbox', { name: 'Select Harbor Run 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Harbor Run 2' }));
    expect(screen.getByText('2 events selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Feature' }));
    const asked = await screen.findByRole('dialog', { name: 'Feature events' });
    expect(within(asked).getByText("Feature 2 events? They will carry the Featured badge, the editors' pick.")).toBeInTheDocument();
    expect(callsOf('bulkUpdateAdminEvents')).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: 'Feature' }));
    expect(await screen.findByText('Bulk update successful')).toBeInTheDocument();
    // Both rows show it at once, whatever the list read again says.
    expect(screen.getByRole('button', { name: 'Unfeature Harbor Run 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfeature Harbor Run 2' })).toBeInTheDocument();
    expect(screen.getByText('Updated 2 events')).toBeInTheDocument();
    expect(callsOf('bulkUpdateAdminEvents')[0]?.body).toEqual({ ids: [row(1).id, row(2).id], action: 'feature' });
    await waitFor(() => expect(screen.queryByText('2 events selected')).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Select Harbor Run 4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Harbor Run 5' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete events' });
    expect(within(dialog).getByText('Are you sure you want to delete 2 events? This action cannot be undone.')).toBeInTheDocument();
  });

  it('says when nothing matches and clears the filters', async () => {
    const user = userEvent.setup();
    mocked.handlers.set('listAdminEvents', ({ query }) =>
      query?.state ? { items: [], offset: 0, total: 0, totalExact: true, complete: true } : { items: rows, offset: 0, total: 6, totalExact: true, complete: true },
    );
    const { router } = await open('/admin/events?state=WY');
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    // The table's first rows are as slow to render as its first state above (it failed at 5 s beside e2e).
    expect(await screen.findByText('Harbor Run 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows an error with a retry when the list cannot load', async () => {
    const user = userEvent.setup();
    let fail = true;
    mocked.handlers.set('listAdminEvents', () => {
      if (fail) throw new ApiError(503, 'The service is unavailable');
      return { items: rows, offset: 0, total: 6, totalExact: true, complete: true };
    });
    await open();
    expect((await screen.findAllByText('Unable to load events')).length).toBeGreaterThan(0);
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(await screen.findByText('Harbor Run 1')).toBeInTheDocument();
  });

  it('hides FLUSH DATABASE from admins', async () => {
    await open();
    await firstRow();
    expect(screen.queryByRole('button', { name: 'FLUSH DATABASE' })).toBeNull();
  });

  it('lets a super admin flush after two clicks and the typed phrase, repeating until none remain', async () => {
    const user = userEvent.setup();
    let remaining = 21;
    mocked.handlers.set('flushEvents', () => {
      const deleted = Math.min(remaining, 15);
      remaining -= deleted;
      return { deleted, remaining };
    });
    await open('/admin/events', 'superadmin');
    await firstRow();
    await user.click(screen.getByRole('button', { name: 'FLUSH DATABASE' }));
    await user.click(screen.getByRole('button', { name: 'CONFIRM FLUSH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all events' });
    const go = within(dialog).getByRole('button', { name: 'Delete all events' });
    expect(go).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Confirmation phrase' }), 'DELETE ALL EVENTS');
    expect(go).toBeEnabled();
    await user.click(go);
    expect(await screen.findByText('Database flushed')).toBeInTheDocument();
    expect(screen.getByText('All events have been permanently deleted')).toBeInTheDocument();
    expect(callsOf('flushEvents')).toEqual([
      { body: { confirmation: 'DELETE ALL EVENTS' } },
      { body: { confirmation: 'DELETE ALL EVENTS' } },
    ]);
  });
});
