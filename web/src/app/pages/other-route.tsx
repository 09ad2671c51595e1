/**
 * Every path the route table does not name: the pages later issues build (their placeholder, with the title
 * and line of page-catalog.ts) or the 404 page. Lazy, so neither the list of those paths nor the 404 page
 * weighs on the public first load.
 */
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from './not-found-page.tsx';
import { PUBLIC_PAGES } from './page-catalog.ts';
import { PlaceholderPage } from './placeholder-page.tsx';
import { PUBLIC_PAGE_PATHS, type PublicPagePath } from './public-page-paths.ts';

export default function OtherRoute() {
  const path = useLocation().pathname.replace(/^\/|\/$/g, '');
  if (!(PUBLIC_PAGE_PATHS as readonly string[]).includes(path)) return <NotFoundPage />;
  const { title, summary } = PUBLIC_PAGES[path as PublicPagePath];
  return <PlaceholderPage title={title} summary={summary} />;
}
