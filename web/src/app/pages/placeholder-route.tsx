/** The pages that later issues build, in a chunk of their own with their texts (page-catalog.ts). */
import type { ComponentType } from 'react';
import { PUBLIC_PAGES } from './page-catalog.ts';
import { PlaceholderPage } from './placeholder-page.tsx';
import type { PublicPagePath } from './public-page-paths.ts';

/** The page of one path of the catalogue. */
export function placeholderFor(path: PublicPagePath): ComponentType {
  const { title, summary } = PUBLIC_PAGES[path];
  return function Placeholder() {
    return <PlaceholderPage title={title} summary={summary} />;
  };
}
