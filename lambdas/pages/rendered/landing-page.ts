/** /races/{state}[/{kind}]: a landing page's worth of a state's upcoming races (shared/race-landing.ts), with an ItemList. */
import type { ItemList, WithContext } from 'schema-dts';
import { todayInNewYork } from '#shared/dates';
import { LANDING_CURSOR_PARAM, raceLandingOf, raceLandingPath, raceLandingQuery, raceLandingTitle, type RaceLanding } from '#shared/race-landing';
import { US_STATES } from '#shared/us-states';
import { HttpError } from '#lib/errors';
import { searchEvents } from '../../events/event-search.ts';
import { MORE_PAGES_MODULE, NOT_FOUND, siteCardHead, TAKE_OVER_MODULE, type RenderedPageKind } from './rendered-page.ts';

export const LANDING_PAGE: RenderedPageKind = {
  pattern: /^\/races\/([^/]+)(?:\/([^/]+))?$/,
  async load({ segments: [stateSegment, kindSegment], url, siteUrl }) {
    const landing = raceLandingOf(stateSegment, kindSegment);
    if (!landing) return NOT_FOUND;
    const after = url.searchParams.get(LANDING_CURSOR_PARAM) ?? undefined;
    let races;
    try {
      ({ page: races } = await searchEvents({ ...raceLandingQuery(landing), ...(after ? { cursor: after } : {}) }, { today: todayInNewYork() }));
    } catch (error) {
      // A cursor that is not the search's own (edited, or from an older index layout): there is no such page.
      if (after && error instanceof HttpError && error.status === 400) return NOT_FOUND;
      throw error;
    }
    const path = raceLandingPath(landing);
    const title = raceLandingTitle(landing);
    const list: WithContext<ItemList> = {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: title,
      itemListElement: races.items.map((race, index) => ({ '@type': 'ListItem', position: index + 1, url: `${siteUrl}/events/${encodeURIComponent(race.id)}`, name: race.title })),
    };
    return {
      data: { races },
      head: siteCardHead(siteUrl, {
        title,
        description: landingDescription(landing),
        canonicalUrl: `${siteUrl}${path}${after ? `?${new URLSearchParams({ [LANDING_CURSOR_PARAM]: after })}` : ''}`,
        openGraphType: 'website',
        structuredData: [list],
      }),
      modules: [TAKE_OVER_MODULE, MORE_PAGES_MODULE, 'src/app/pages/race-landing-route.tsx'],
    };
  },
};

function landingDescription({ state, kind }: RaceLanding): string {
  const what = (kind?.plural ?? 'races').toLowerCase();
  return `Upcoming ${what} in ${US_STATES[state]}, soonest first: dates, places, distances, fees and registration for each race.`;
}
