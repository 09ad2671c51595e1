import { useContext } from 'react';
import { useLocation } from 'react-router-dom';
import { PageDataContext, type PageData } from './page-data.ts';

/** The server's data for the page on screen (page-data.ts), if the server rendered this very page. */
export function usePageData(): PageData | undefined {
  const data = useContext(PageDataContext);
  const { pathname, search } = useLocation();
  return data?.path === pathname + search ? data : undefined;
}
