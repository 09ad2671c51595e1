/**
 * Paths of the pages that later issues build (their titles and lines are in page-catalog.ts, which loads with
 * the page, not with the entry: a visitor of the home page never needs them).
 */
export const PUBLIC_PAGE_PATHS = [
  'organizers',
  'submit-event',
  'charity-races',
] as const;

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];
