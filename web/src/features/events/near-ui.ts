/**
 * Radius search's screens but its list, in a chunk of their own loaded with React.lazy: the Near me panel of
 * /events, and the header and place form of /local. A visitor of the home page or of /events never downloads
 * them. (The /local list is the event search's own, from the entry: see local-events-page.tsx.)
 */
export { default as NearPanel } from './components/near-panel.tsx';
export { default as LocalIntro } from './components/local-intro.tsx';
