/**
 * The community pages as one chunk (more-pages.tsx loads this module for each of their paths). They share most
 * of their code (the recap and feed hooks, cards, styles), and loaded one by one, the read-only pages'
 * chunks made the bundler split modules out of the public entry (+1.9 KB gzip on every first load, measured
 * with test/web/first-load-budget.test.ts); together they cost the entry nothing. All five: 6.6 KB gzip.
 */
export { default as SubmitRaceRecapPage, gate as submitRaceRecapGate } from './submit-race-recap-page.tsx';
export { default as RecapPage } from './recap-page.tsx';
export { default as CommunityPage } from './community-page.tsx';
export { default as AthleteSpotlightsPage } from './athlete-spotlights-page.tsx';
export { default as LeaderboardPage } from './leaderboard-page.tsx';
