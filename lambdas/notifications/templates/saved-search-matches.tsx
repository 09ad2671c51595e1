/** The daily digest of one saved search: the new races that match it, each linked, and the search itself. */
import { Section } from 'react-email';
import { countOf } from '#shared/plural';
import type { SavedSearchFilters } from '#shared/schemas/notifications';
import { distancesOf, placeOf, raceWhen } from './format.ts';
import { InlineLink, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

/** The filters in the order and names of the /events URL (web/src/features/events/api/event-filters.ts). */
const URL_FILTERS = ['q', 'state', 'type', 'terrain', 'distance', 'near', 'radius'] as const satisfies readonly (keyof SavedSearchFilters)[];

/** The search page showing this search; a charity search is the /charity-races page, which fixes that tag. */
export function searchPath(search: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const key of URL_FILTERS) {
    const value = search[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const path = search.tag === 'charity' ? '/charity-races' : '/events';
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export const savedSearchMatches: Template<'saved-search-matches'> = (data, { url, reader }) => {
  const count = countOf(data.totalMatches, 'new race');
  const more = data.totalMatches - data.races.length;
  return {
    subject: `${count} for your search "${data.searchName}"`,
    preview: data.races.map((race) => race.title).join(' · '),
    heading: `${count} for "${data.searchName}"`,
    action: { label: more > 0 ? `See all ${count}` : 'See the search', href: url(searchPath(data.search)) },
    body: (
      <>
        <Paragraph>
          {data.totalMatches === 1 ? 'A race new on RaceFinder matches' : 'These races, new on RaceFinder, match'} your saved search &quot;{data.searchName}&quot;.
        </Paragraph>
        {data.races.map((race) => (
          <Section key={race.id} style={{ margin: '0 0 12px' }}>
            <Paragraph>
              <InlineLink href={url(`/events/${race.id}`)}>{race.title}</InlineLink>
              <br />
              {[raceWhen(race), placeOf(race), distancesOf(race.distances, reader.unit)].filter(Boolean).join(' · ')}
            </Paragraph>
          </Section>
        ))}
        {more > 0 ? <Paragraph>And {countOf(more, 'more race')} on the search page.</Paragraph> : null}
      </>
    ),
    because: `you saved the search "${data.searchName}"`,
  };
};
