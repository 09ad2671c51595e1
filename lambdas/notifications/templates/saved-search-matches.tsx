/** The daily digest of one saved search: the new races that match it, each linked, and the search itself. */
import { Section } from 'react-email';
import { countOf } from '#shared/plural';
import { savedSearchPath } from '#shared/saved-search-path';
import { distancesOf, placeOf, raceWhen } from './format.ts';
import { InlineLink, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const savedSearchMatches: Template<'saved-search-matches'> = (data, { url, reader }) => {
  const count = countOf(data.totalMatches, 'new race');
  const more = data.totalMatches - data.races.length;
  return {
    subject: `${count} for your search "${data.searchName}"`,
    preview: data.races.map((race) => race.title).join(' · '),
    heading: `${count} for "${data.searchName}"`,
    // One race: straight to it. More: the search page, which lists them all.
    action:
      data.totalMatches === 1 && data.races[0]
        ? { label: 'See the race', href: url(`/events/${data.races[0].id}`) }
        : { label: more > 0 ? `See all ${count}` : 'See the search', href: url(savedSearchPath(data.search)) },
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
