import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import type { EventFilters } from '../api/event-filters.ts';
import { NearPlaceForm } from './near-place-form.tsx';
// Its header's classes are the page's (the page's chunk and this one each load the sheet).
import '../pages/local-events-page.css';

export interface LocalIntroProps {
  filters: Pick<EventFilters, 'near' | 'radius'>;
  onSearch(near: string, radius: string): void;
}

/** The top of /local: its header, the place form, and what to do before a place is chosen. */
export default function LocalIntro({ filters, onSearch }: LocalIntroProps) {
  useDocumentTitle('Races Near You');
  return (
    <>
      <PageHeader eyebrow="Local events" title="Races Near You" lede="Races within 10 to 100 miles of a ZIP code, a city or where you are, soonest first." />
      <div className="container">
        <div className="events-page__filters local-page__place">
          <NearPlaceForm key={filters.near ?? ''} near={filters.near} radius={filters.radius} submitLabel="Find races" onSubmit={onSearch} />
        </div>
        {filters.near ? null : (
          <div className="state-panel local-page__start">
            <p className="state-panel__title">Where are you racing?</p>
            <p className="state-panel__text">Enter a ZIP code or a city, or use your location, to see the races around it by date and how far away each one is.</p>
          </div>
        )}
      </div>
    </>
  );
}
