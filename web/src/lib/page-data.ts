/**
 * What the server rendered a page with (lambdas/pages/site-page.ts): the same API answers the page would fetch,
 * embedded in the HTML as JSON, so the app's first render on the client shows the page the server sent rather
 * than a loading state, and React takes over the server's markup without a flash (app/take-over.tsx). Each kind
 * is exactly the parsed body of the route named beside it, so a page uses it as its query's placeholder
 * (use-page-data.ts).
 *
 * In the entry, so it holds only what the app's providers need.
 */
import { createContext } from 'react';
import type { ApiResponse } from './api.ts';

export interface PageData {
  /** The path and query the data belongs to: after a client-side navigation it belongs to no page on screen. */
  readonly path: string;
  /** GET /api/events/{id} */
  readonly event?: ApiResponse<'getEvent'>;
  /** GET /api/events with the landing page's filters (and its `after` cursor): one page of races. */
  readonly races?: ApiResponse<'searchEvents'>;
  /** GET /api/organizations/{id} (its first page of events) */
  readonly organization?: ApiResponse<'getOrganization'>;
  /** GET /api/recaps/{id}, as a visitor gets it */
  readonly recap?: ApiResponse<'getRaceRecap'>;
  /** GET /api/blog-posts/{slug} */
  readonly post?: ApiResponse<'getBlogPost'>;
}

/** The id of the `<script type="application/json">` element that carries it. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export const PageDataContext = createContext<PageData | undefined>(undefined);
