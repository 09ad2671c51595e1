/**
 * /charity-races: upcoming races that raise money for a cause (events tagged 'charity'), with every /events
 * filter, and a word on what makes a race listed here.
 */
import { Link } from 'react-router-dom';
import { CHARITY_TAG } from '#shared/event-vocabulary';
import { EventSearchView, type EventsPageProps } from './events-page.tsx';
import './charity-races-page.css';

/** The page's fixed filter: one object, so the search's key does not change from render to render. */
const CHARITY = { tag: CHARITY_TAG } as const;

export default function CharityRacesPage({ cardActions }: EventsPageProps) {
  return (
    <EventSearchView
      cardActions={cardActions}
      documentTitle="Charity Races"
      eyebrow="Run for a cause"
      title="Charity Races"
      lede="Upcoming races that raise money for good causes: find one near you by place, date, type or distance."
      fixed={CHARITY}
    >
      <p className="charity-note">
        Organizers mark their races as charity races; how the money is raised is on each race&apos;s website. Organizing
        one? Tick <strong>Charity race</strong> when you <Link to="/create-event">create your event</Link> or edit it.
      </p>
    </EventSearchView>
  );
}
