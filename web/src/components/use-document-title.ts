import { useEffect } from 'react';

export const SITE_NAME = 'RaceFinder';

/** Sets the tab title to '<page> · RaceFinder' while the page is shown. */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = page ? `${page} · ${SITE_NAME}` : SITE_NAME;
  }, [page]);
}
