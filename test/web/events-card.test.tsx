import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventSummary } from '../../shared/schemas/search.ts';
import { cardActions } from '../../web/src/app/pages/event-actions.tsx';
import { EventCard, type EventLayout } from '../../web/src/features/events/components/event-card.tsx';
import { formatDistances, formatEventDate, formatFee } from '../../web/src/lib/event-format.ts';
import { createFakeApi, makeEvent } from './events-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

// Visitors never reach the API from a card; anything that does fails the test.
beforeEach(() => answerApiWith(createFakeApi().request));

// The card as the app composes it: the events feature's card with the save heart in its actions slot.
function renderCard(event: EventSummary, layout: EventLayout = 'list') {
  renderApp({ routes: [{ path: '/', element: <EventCard event={event} layout={layout} actions={cardActions(event)} /> }] });
  return within(screen.getByRole('article', { name: event.title }));
}

describe('event card formatting', () => {
  it('writes fees with a $ prefix, 0 as Free, and nothing when absent', () => {
    expect(formatFee(45)).toBe('$45');
    expect(formatFee(42.5)).toBe('$42.50');
    expect(formatFee(1250)).toBe('$1,250');
    expect(formatFee(0)).toBe('Free');
    expect(formatFee(undefined)).toBeUndefined();
  });

  it("shows the first distance and '+N' for the others", () => {
    expect(formatDistances(['Half Marathon', '10K', '5K'])).toBe('Half Marathon +2');
    expect(formatDistances(['50K'])).toBe('50K');
    expect(formatDistances([])).toBeUndefined();
  });

  it('writes the date in US Eastern time without shifting a day', () => {
    // Parsed as midnight UTC, 1 January would be 31 December in New York.
    expect(formatEventDate('2027-01-01')).toBe('Fri, Jan 1, 2027');
    expect(formatEventDate('2027-03-14')).toBe('Sun, Mar 14, 2027');
    expect(formatEventDate('2027-12-31')).toBe('Fri, Dec 31, 2027');
  });
});

describe.each<EventLayout>(['list', 'compact', 'cards'])('event card (%s layout)', (layout) => {
  it('shows the fields of an event', () => {
    const event = makeEvent({
      title: 'Moab Trail Half',
      eventDate: '2027-01-01',
      startTime: '08:00',
      timeZone: 'America/Denver',
      city: 'Moab',
      state: 'UT',
      eventType: 'trail_race',
      terrainType: 'mountain',
      distances: ['Half Marathon', '10K', '5K'],
      registrationFee: 0,
      featured: true,
      verified: true,
    });
    const card = renderCard(event, layout);
    expect(card.getByRole('heading', { name: 'Moab Trail Half' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Moab Trail Half' })).toHaveAttribute('href', `/events/${event.id}`);
    expect(card.getByRole('link', { name: 'View Details of Moab Trail Half' })).toHaveAttribute('href', `/events/${event.id}`);
    expect(card.getByText('Fri, Jan 1, 2027')).toHaveAttribute('datetime', '2027-01-01');
    // The start, on the race's clock, follows the date.
    expect(card.getByText('Fri, Jan 1, 2027').parentElement).toHaveTextContent('Fri, Jan 1, 2027 · 8:00 AM');
    expect(card.getByText('Moab, UT')).toBeInTheDocument();
    expect(card.getByText('Free')).toBeInTheDocument();
    expect(card.getByText('Trail Race')).toBeInTheDocument();
    expect(card.getByText('Mountain')).toBeInTheDocument();
    expect(card.getByText('Half Marathon +2')).toBeInTheDocument();
    expect(card.getByText('Featured')).toBeInTheDocument();
    expect(card.getByText('Verified')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Save Moab Trail Half' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('event card', () => {
  it('offers Register in a new tab only when there is a registration URL', () => {
    const withUrl = makeEvent({ title: 'With URL', registrationUrl: 'https://example.org/register' });
    const card = renderCard(withUrl);
    const register = card.getByRole('link', { name: /^Register/ });
    expect(register).toHaveAttribute('href', 'https://example.org/register');
    expect(register).toHaveAttribute('target', '_blank');
    expect(register.getAttribute('rel')).toContain('noopener');
  });

  it('has no Register link without a registration URL', () => {
    const card = renderCard(makeEvent({ title: 'No URL', registrationUrl: undefined }));
    expect(card.queryByRole('link', { name: /^Register/ })).toBeNull();
  });

  it('falls back to the standard description and shows no fee when none is given', () => {
    const card = renderCard(makeEvent({ title: 'Quiet 5K', description: undefined, registrationFee: undefined, featured: false, verified: false }));
    expect(card.getByText('Join this exciting endurance event and challenge yourself!')).toBeInTheDocument();
    expect(card.queryByText(/^\$/)).toBeNull();
    expect(card.queryByText('Free')).toBeNull();
    expect(card.queryByText('Featured')).toBeNull();
    expect(card.queryByText('Verified')).toBeNull();
  });

  it("marks a paid promotion with its own tier's badge as Promoted, not as the editorial Featured pick", () => {
    const card = renderCard(makeEvent({ title: 'Paid premium', featured: false, promotion: { tier: 'premium' }, registrationFee: 42.5 }));
    const badge = card.getByText('Premium', { exact: false, selector: '.event-flag' });
    expect(badge).toHaveTextContent(/^Premium.*Promoted$/);
    expect(badge).toHaveAttribute('title', 'Paid placement');
    expect(card.queryByText('Featured')).toBeNull();
    expect(card.getByText('$42.50')).toBeInTheDocument();
  });

  it.each([
    ['spotlight', 'Spotlight'],
    ['featured', 'Featured'],
  ] as const)('shows the %s tier as %s, marked Promoted', (tier, label) => {
    const card = renderCard(makeEvent({ title: `Paid ${tier}`, featured: false, promotion: { tier } }));
    expect(card.getByText(label, { exact: false, selector: '.event-flag' })).toHaveTextContent(new RegExp(`^${label}.*Promoted$`));
  });

  it('keeps the editorial Featured pick apart from a paid promotion when an event has both', () => {
    const card = renderCard(makeEvent({ title: 'Both', featured: true, promotion: { tier: 'spotlight' } }));
    const flags = card.getAllByText(/./, { selector: '.event-flag--featured, .event-flag--promoted' }).map((flag) => flag.textContent);
    expect(flags).toEqual(['Featured', expect.stringMatching(/^Spotlight.*Promoted$/)]);
  });

  it('says beside the date that a race is cancelled, postponed, rescheduled or virtual, and nothing of a scheduled one', () => {
    // Each in the shared pill's tone for how much it matters: cancelled red, postponed amber, moved blue, virtual plain.
    for (const [status, word, tone] of [['cancelled', 'Cancelled', 'status-pill--bad'], ['postponed', 'Postponed', 'status-pill--warn'], ['rescheduled', 'Rescheduled', 'status-pill--pending'], ['virtual', 'Virtual', 'status-pill']] as const) {
      const card = renderCard(makeEvent({ title: `A ${status} race`, eventDate: '2027-03-14', status }));
      expect(card.getByText('Sun, Mar 14, 2027').parentElement).toHaveTextContent(`Sun, Mar 14, 2027${word}`);
      expect(card.getByText(word)).toHaveClass(tone);
    }
    expect(renderCard(makeEvent({ title: 'Full up', soldOut: true, registrationFee: 40 })).getByText('Sold out')).toHaveClass('status-pill--warn');
    // Nothing to register for once it is cancelled.
    const cancelled = renderCard(makeEvent({ title: 'Called off', status: 'cancelled', registrationUrl: 'https://example.org/register' }));
    expect(cancelled.queryByRole('link', { name: /^Register/ })).toBeNull();
    const scheduled = renderCard(makeEvent({ title: 'A scheduled race' }));
    expect(scheduled.queryByText(/Cancelled|Postponed|Rescheduled|Virtual/)).toBeNull();
  });

  it('headlines the first distance, which the server sends longest first', () => {
    const card = renderCard(makeEvent({ title: 'Two distances', distances: ['Marathon', 'Half Marathon'] }));
    expect(card.getByText('Marathon +1')).toBeInTheDocument();
  });

  it('shows the placeholder art when the photo fails to load', () => {
    const { container } = renderApp({
      routes: [{ path: '/', element: <EventCard event={makeEvent({ title: 'Photo', imageUrl: 'https://example.org/broken.jpg' })} layout="cards" /> }],
    });
    const image = container.querySelector('img.event-photo');
    expect(image).not.toBeNull();
    expect(container.querySelector('.event-art')).toBeNull();
    fireEvent.error(image!);
    expect(container.querySelector('img.event-photo')).toBeNull();
    expect(container.querySelector('.event-art--road_race')).not.toBeNull();
  });
});
