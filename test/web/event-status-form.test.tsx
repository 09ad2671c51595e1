/**
 * The race's status on /events/{id}/edit (shared/event-status.ts): the owner picks it with what it means beside
 * it; rescheduled asks for the new date before anything is sent; back to scheduled clears it; a save with nothing
 * changed confirms the details as current. The API is faked at useApi, as the other web tests do.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RaceEvent } from '../../shared/schemas/event.ts';
import { createFakeApi, eventId, type FakeApi } from './events-fixtures.ts';
import { renderAppLoaded, signedInAs } from './render-app.tsx';
import { testRaceEvent } from '../support/race-event.ts';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

let stored: RaceEvent;

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  const organizer = signedInAs('organizer').profile;
  stored = testRaceEvent({ id: eventId(), title: 'Harbor Half Marathon', eventDate: '2031-05-03', organizerId: organizer.id, status: 'postponed' });
  mocked.api.on('getEvent', () => stored);
  mocked.api.on('updateOrganizerEvent', () => stored);
  mocked.api.on('listMyEvents', () => ({ items: [] }));
});

async function openEdit() {
  await renderAppLoaded({ ...signedInAs('organizer'), path: `/events/${stored.id}/edit` });
  return screen.findByRole('combobox', { name: 'Race Status' });
}

describe("an edited race's status", () => {
  it('shows the status as stored with what it means, and asks a rescheduled race for its new date before sending', async () => {
    const user = userEvent.setup();
    const status = await openEdit();
    expect(status).toHaveValue('postponed');
    expect(screen.getByText('Not on the date listed; a new date is still to be announced')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'This is a virtual event' })).toBeNull();

    await user.selectOptions(status, 'rescheduled');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('A rescheduled race needs its new date: change the event date in the same edit')).toBeInTheDocument();
    expect(mocked.api.callsOf('updateOrganizerEvent')).toEqual([]);

    const date = screen.getByLabelText(/^Event Date/);
    await user.clear(date);
    await user.type(date, '2031-06-07');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(mocked.api.callsOf('updateOrganizerEvent')).toHaveLength(1));
    expect(mocked.api.callsOf('updateOrganizerEvent')[0]).toMatchObject({ body: { status: 'rescheduled', eventDate: '2031-06-07' } });
  });

  it('sends back to scheduled as no status', async () => {
    const user = userEvent.setup();
    await user.selectOptions(await openEdit(), 'scheduled');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(mocked.api.callsOf('updateOrganizerEvent')).toHaveLength(1));
    expect(mocked.api.callsOf('updateOrganizerEvent')[0]).toMatchObject({ body: { status: null } });
  });

  it("confirms the details as current when the owner saves with nothing changed, and says so", async () => {
    const user = userEvent.setup();
    await openEdit();
    expect(screen.getByText(/Saving, even with nothing changed, tells runners the details are current as of today/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(mocked.api.callsOf('updateOrganizerEvent')).toHaveLength(1));
    expect(mocked.api.callsOf('updateOrganizerEvent')[0]).toEqual({ path: { id: stored.id }, body: { confirmed: true } });
    expect(await screen.findByText('Details Confirmed')).toBeInTheDocument();
  });
});
