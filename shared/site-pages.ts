/**
 * The pages of the web app, as paths of its router (web/src/app/routes.tsx): the one list the servers use to
 * tell a page from an unknown URL. The SPA renders its own 404 page for anything else, but a crawler only
 * reads the status, so the local gateway (infra/local/static-site.ts) and CloudFront (infra/site.ts) answer
 * other paths with 404 and the same index.html body. test/web/site-pages.test.ts checks that the router's
 * paths are exactly these.
 *
 * Syntax is the router's: `:name` is one path segment, `:name?` an optional last one, a trailing `/*` any rest
 * (the admin area routes its own sections and renders its own 404 inside).
 */
export const SITE_PAGES = [
  '/',
  '/auth',
  '/training',
  '/training/plans/:id',
  '/ai-coach',
  '/training-dashboard',
  '/local',
  '/organizers',
  '/organizers/:id',
  '/organizer-dashboard',
  '/create-event',
  '/apply-organizer',
  '/calendar',
  '/blog',
  '/blog/:slug',
  '/unsubscribe',
  '/reviews',
  '/claim-event',
  '/promote-event',
  '/submit-event',
  '/sponsorship',
  '/training-journal',
  '/strava/connected',
  '/race-checklist',
  '/pacing-calculator',
  '/weather-tracker',
  '/faq',
  '/community',
  '/athlete-spotlights',
  '/ambassador-program',
  '/volunteer',
  '/submit-race-recap',
  '/recaps/:id',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/partners',
  '/leaderboard',
  '/charity-races',
  '/corporate',
  '/events',
  '/events/:id',
  '/events/:id/edit',
  '/races/:state/:kind?',
  '/dashboard',
  '/settings',
  '/settings/notifications',
  '/notifications',
  '/notifications/unsubscribe',
  '/saved-searches',
  '/admin/*',
  '/superadmin',
] as const;

export type SitePage = (typeof SITE_PAGES)[number];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patternOf(page: string): string {
  const splat = page.endsWith('/*');
  const segments = (splat ? page.slice(0, -2) : page).split('/').slice(1);
  // The first segment follows the whole pattern's '^/'; an optional parameter (':name?') may be absent with its slash.
  const body = segments
    .map((segment, index) => {
      const slash = index === 0 ? '' : '/';
      if (segment.startsWith(':') && segment.endsWith('?')) return `(?:${slash}[^/]+)?`;
      return slash + (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment));
    })
    .join('');
  return splat ? `${body}(?:/.*)?` : body;
}

/**
 * The source of a regular expression (flag i) matching a URL path of any page: case-insensitive and with an
 * optional trailing slash, as the router matches. Plain ES5 syntax, so a CloudFront Function can embed it.
 */
export const SITE_PAGE_PATTERN = `^/(?:(?:${SITE_PAGES.filter((page) => page !== '/')
  .map(patternOf)
  .join('|')})/?)${(SITE_PAGES as readonly string[]).includes('/') ? '?' : ''}$`;

const sitePage = new RegExp(SITE_PAGE_PATTERN, 'i');

/** Whether a URL path (not decoded, no query string) is one of the web app's pages. */
export function isSitePage(pathname: string): boolean {
  return sitePage.test(pathname);
}
