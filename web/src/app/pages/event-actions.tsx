/**
 * What the app puts on an event wherever a feature shows one: the save heart on cards and the Save button on
 * the event page (and an organizer's claim on the event page). Features take these as slots, so events and
 * event-detail never import saved or claims.
 */
import type { EventSummary } from '#shared/schemas/search';
import { EventCard, type EventLayout } from '../../features/events/components/event-card.tsx';
import type { SaveTarget } from '../../features/saved/api/use-saved-events.ts';
import { SaveButton } from '../../features/saved/components/save-button.tsx';

export function cardActions(event: EventSummary) {
  return <SaveButton event={event} />;
}

export function pageSaveAction(event: SaveTarget) {
  return <SaveButton event={event} variant="button" className="btn--block" />;
}

/** An event card as the app shows it, with its actions. */
export function ComposedEventCard({ event, layout }: { event: EventSummary; layout: EventLayout }) {
  return <EventCard event={event} layout={layout} actions={cardActions(event)} />;
}
