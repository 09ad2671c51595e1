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

describe("the event form's prices", () => {
  const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('turns one fee into prices with deadlines, refuses a blank price and one after the race, and sends the tiers in place of the fee', async () => {
    const onSubmit = renderForm({ ...draft, registrationFee: '65' });
    await userEvent.click(screen.getByRole('button', { name: '+ Add a price increase' }));
    // The fee typed becomes the first price.
    expect(screen.getByLabelText('Price in $')).toHaveValue(65);
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Give a fee for every price')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Then, in $'), '80');
    const [firstDay] = screen.getAllByLabelText(/^Last day at this price/);
    await userEvent.type(firstDay!, addDays(future, 1));
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('A price cannot be sold after the event date')).toBeInTheDocument();

    await userEvent.clear(firstDay!);
    await userEvent.type(firstDay!, addDays(future, -30));
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ priceTiers: [{ fee: 65, until: addDays(future, -30) }, { fee: 80 }] }));
    expect(onSubmit).toHaveBeenCalledWith(expect.not.objectContaining({ registrationFee: expect.anything() }));
  });

  it('goes back to one fee, the first price kept, when all but one price are removed', async () => {
    const onSubmit = renderForm({ ...draft, priceTiers: [{ fee: '40', until: addDays(future, -10) }, { fee: '55', until: '' }] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove price 2' }));
    expect(screen.getByLabelText('Registration Fee in $ (optional)')).toHaveValue(40);
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ registrationFee: 40 }));
    expect(onSubmit).toHaveBeenCalledWith(expect.not.objectContaining({ priceTiers: expect.anything() }));
  });
});
