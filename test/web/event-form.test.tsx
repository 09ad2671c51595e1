/**
 * The event form's clock: a state split between time zones asks which one the race is on, and the start time's
 * hint and the body follow the choice; a state on one zone asks nothing.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { todayInNewYork } from '../../shared/dates.ts';
import { EMPTY_DRAFT, EventForm, type EventDraft } from '../../web/src/features/organizer-events/components/event-form.tsx';
import { renderApp } from './render-app.tsx';

const future = new Date(Date.parse(`${todayInNewYork()}T00:00:00Z`) + 60 * 86_400_000).toISOString().slice(0, 10);
const draft: EventDraft = {
  ...EMPTY_DRAFT,
  title: 'Franklin Mountains Trail Run',
  eventType: 'trail_race',
  terrainType: 'trail',
  eventDate: future,
  startTime: '07:00',
  distances: '25K',
  locationName: 'Tom Mays Park',
  city: 'El Paso',
  state: 'TX',
};

function renderForm(initial: EventDraft) {
  const onSubmit = vi.fn(async () => {});
  renderApp({ routes: [{ path: '/', element: <EventForm initial={initial} submitLabel="Create Event" busyLabel="Creating…" cancelTo="/" onSubmit={onSubmit} /> }] });
  return onSubmit;
}

describe('the event form in a state split between time zones', () => {
  it("asks for the race's zone, Central by default in Texas, and sends Mountain Time for El Paso", async () => {
    const onSubmit = renderForm(draft);
    const zone = screen.getByLabelText('Time Zone');
    expect([...(zone as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      'Choose…',
      'Central Time: most of Texas',
      'Mountain Time: El Paso and Hudspeth counties',
    ]);
    expect(screen.getByText('Local time at the race: Central Time.')).toBeInTheDocument();
    await userEvent.selectOptions(zone, 'America/Denver');
    expect(screen.getByText('Local time at the race: Mountain Time.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ state: 'TX', startTime: '07:00', timeZone: 'America/Denver' }));
  });

  it('asks nothing in a state on one zone, and sends no zone without a start time', async () => {
    const onSubmit = renderForm({ ...draft, city: 'Boulder', state: 'CO', startTime: '' });
    expect(screen.queryByLabelText('Time Zone')).toBeNull();
    expect(screen.getByText('Local time at the race: Mountain Time.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.not.objectContaining({ timeZone: expect.anything() }));
  });
});
