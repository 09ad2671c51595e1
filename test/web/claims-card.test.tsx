/**
 * What an event card says about claims: 'Claimed by You' to its owner, 'Claimed' to everyone else, and an
 * organizer's Claim Event link (to the event page's claim dialog) on events no one owns.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventSummary } from '../../shared/schemas/search.ts';
import { EventCard } from '../../web/src/features/events/components/event-card.tsx';
import { createFakeApi, makeEvent } from './events-fixtures.ts';
import { renderApp, signedInAs, type RenderOptions } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

beforeEach(() => answerApiWith(createFakeApi().request));

function renderCard(event: EventSummary, options: RenderOptions = {}) {
  renderApp({ ...options, routes: [{ path: '/', element: <EventCard event={event} layout="cards" /> }] });
  return within(screen.getByRole('article', { name: event.title }));
}

describe('claims on an event card', () => {
  it("shows 'Claimed by You' to the owner and no Claim Event link", () => {
    const card = renderCard(makeEvent({ title: 'Owned Ridge Run', organizerId: 'user-organizer' }), signedInAs('organizer'));
    expect(card.getByText('Claimed by You')).toBeTruthy();
    expect(card.queryByRole('link', { name: /Claim Event/ })).toBeNull();
  });

  it("shows 'Claimed' to visitors and other organizers", () => {
    const event = makeEvent({ title: 'Someone Elses Run', organizerId: 'user-someone-else' });
    const card = renderCard(event, signedInAs('organizer'));
    expect(card.getByText('Claimed', { exact: true })).toBeTruthy();
    expect(card.queryByText('Claimed by You')).toBeNull();
    expect(card.queryByRole('link', { name: /Claim Event/ })).toBeNull();
  });

  it('offers organizers Claim Event on an unowned event, opening the event page with the dialog', async () => {
    const event = makeEvent({ title: 'Open Valley Race' });
    const card = renderCard(event, signedInAs('organizer'));
    expect((await card.findByRole('link', { name: /^Claim Event/ })).getAttribute('href')).toBe(`/events/${event.id}?claim=1`);
    expect(card.queryByText(/^Claimed/)).toBeNull();
  });

  it('offers admins no Claim Event: they edit any event from its page instead', () => {
    for (const role of ['admin', 'superadmin'] as const) {
      // The profile is seeded, so the role is known at the first render, as the organizer's link is.
      const card = renderCard(makeEvent({ title: `Admin View ${role} Race` }), signedInAs(role));
      expect(card.queryByRole('link', { name: /Claim Event/ }), role).toBeNull();
    }
    expect(renderCard(makeEvent({ title: 'Organizer View Race' }), signedInAs('organizer')).getByRole('link', { name: /^Claim Event/ })).toBeTruthy();
  });

  it('offers athletes and visitors no Claim Event', () => {
    const athlete = renderCard(makeEvent({ title: 'Athlete View Race' }), signedInAs('athlete'));
    expect(athlete.queryByRole('link', { name: /Claim Event/ })).toBeNull();
    const visitor = renderCard(makeEvent({ title: 'Visitor View Race' }));
    expect(visitor.queryByRole('link', { name: /Claim Event/ })).toBeNull();
  });
});
