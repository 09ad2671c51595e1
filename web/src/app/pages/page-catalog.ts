/**
 * Pages of the product's route table that later issues build. Until then each shows its title and one plain
 * line saying what it will be. Loaded with the page (other-route.tsx), not with the entry. Admin pages
 * live in web/src/admin (lazily loaded) and are listed there.
 */
import type { PublicPagePath } from './public-page-paths.ts';

export interface PageText {
  title: string;
  summary: string;
}

export const PUBLIC_PAGES: Readonly<Record<PublicPagePath, PageText>> = {
  organizers: { title: 'Event Organizers', summary: 'This page will be a directory of race organizers and the events they put on.' },
  'submit-event': { title: 'Submit an Event', summary: 'This page will let you tell us about a race that is missing from RaceFinder.' },
  'charity-races': { title: 'Charity Races', summary: 'This page will list races that raise money for good causes.' },
};
