/**
 * Pages the router discovers when first asked for (routes.tsx routerOptions): their paths live here, in a
 * small chunk of their own, rather than in the entry, which the public first-load budget keeps nearly full.
 * A page here costs its first visit one extra small request (this module) before its own chunk.
 */
import type { PageModule } from '../components/role-gate.tsx';

/**
 * Each page's path (router syntax, under the shell) and its module. Only loaders, no static imports: this
 * module is fetched before any of these pages, so it carries nothing but the table.
 */
const communityPages = () => import('../features/community/pages/community-pages.ts');
const notificationPages = () => import('./pages/notification-pages.ts');

export const MORE_PAGES: readonly { readonly path: string; readonly load: () => Promise<PageModule> }[] = [
  { path: 'training', load: () => import('../features/training/pages/training-hub-page.tsx') },
  { path: 'training/plans/:id', load: () => import('../features/training/pages/training-plan-page.tsx') },
  { path: 'ai-coach', load: () => import('../features/training/pages/ai-coach-page.tsx') },
  { path: 'training-dashboard', load: () => import('../features/training/pages/training-dashboard-page.tsx') },
  { path: 'training-journal', load: () => import('../features/training/pages/training-journal-page.tsx') },
  // Where Strava's authorize page returns (docs/strava.md).
  { path: 'strava/connected', load: () => import('../features/training/pages/strava-connected-page.tsx') },
  { path: 'reviews', load: () => import('./pages/event-detail-route.tsx').then(({ ReviewsPage }) => ({ default: ReviewsPage })) },
  { path: 'pacing-calculator', load: () => import('../features/pacing/pages/pacing-calculator-page.tsx') },
  { path: 'race-checklist', load: () => import('../features/race-checklist/pages/race-checklist-page.tsx') },
  { path: 'settings', load: () => import('../features/account/pages/settings-page.tsx') },
  { path: 'about', load: () => import('../features/info/pages/about-page.tsx') },
  { path: 'faq', load: () => import('../features/info/pages/faq-page.tsx') },
  { path: 'terms', load: () => import('../features/info/pages/terms-page.tsx') },
  { path: 'privacy', load: () => import('../features/info/pages/privacy-page.tsx') },
  { path: 'sponsorship', load: () => import('../features/info/pages/sponsorship-page.tsx') },
  { path: 'partners', load: () => import('../features/info/pages/partners-page.tsx') },
  { path: 'corporate', load: () => import('../features/info/pages/corporate-page.tsx') },
  { path: 'volunteer', load: () => import('../features/info/pages/volunteer-page.tsx') },
  { path: 'ambassador-program', load: () => import('../features/info/pages/ambassador-program-page.tsx') },
  { path: 'contact', load: () => import('../features/contact/pages/contact-page.tsx') },
  { path: 'weather-tracker', load: () => import('../features/weather/pages/weather-tracker-page.tsx') },
  { path: 'calendar', load: () => import('./pages/calendar-route.tsx') },
  { path: 'local', load: () => import('./pages/local-route.tsx') },
  { path: 'charity-races', load: () => import('./pages/charity-races-route.tsx') },
  { path: 'races/:state/:kind?', load: () => import('./pages/race-landing-route.tsx') },
  // Signed-in pages few visitors open, moved here to keep the public first load within its size (issue 24).
  { path: 'claim-event', load: () => import('../features/claims/pages/claim-event-page.tsx') },
  { path: 'promote-event', load: () => import('./pages/promote-event-route.tsx') },
  { path: 'apply-organizer', load: () => import('../features/organizer-application/pages/apply-organizer-page.tsx') },
  { path: 'superadmin', load: () => import('../admin/super-admin-page.tsx') },
  { path: 'create-event', load: () => import('../features/organizer-events/pages/create-event-page.tsx') },
  { path: 'events/:id/edit', load: () => import('../features/organizer-events/pages/edit-event-page.tsx') },
  { path: 'blog', load: () => import('../features/blog/pages/blog-page.tsx') },
  { path: 'blog/:slug', load: () => import('../features/blog/pages/blog-post-page.tsx') },
  { path: 'unsubscribe', load: () => import('../features/newsletter/pages/unsubscribe-page.tsx') },
  // The notification pages share one chunk (see its module).
  { path: 'notifications', load: () => notificationPages().then((pages) => ({ default: pages.NotificationsPage, gate: pages.notificationsGate })) },
  { path: 'notifications/unsubscribe', load: () => notificationPages().then((pages) => ({ default: pages.NotificationUnsubscribePage })) },
  { path: 'settings/notifications', load: () => notificationPages().then((pages) => ({ default: pages.NotificationSettingsPage, gate: pages.notificationSettingsGate })) },
  { path: 'saved-searches', load: () => notificationPages().then((pages) => ({ default: pages.SavedSearchesPage, gate: pages.savedSearchesGate })) },
  { path: 'organizers', load: () => import('./pages/directory-pages.tsx').then((m) => ({ default: m.OrganizersPage })) },
  { path: 'organizers/:id', load: () => import('./pages/directory-pages.tsx').then((m) => ({ default: m.OrganizationPage })) },
  { path: 'submit-event', load: () => import('./pages/directory-pages.tsx').then((m) => ({ default: m.SubmitEventPage, gate: m.submitEventGate })) },
  // The community pages share one chunk (see its module).
  { path: 'submit-race-recap', load: () => communityPages().then((pages) => ({ default: pages.SubmitRaceRecapPage, gate: pages.submitRaceRecapGate })) },
  { path: 'recaps/:id', load: () => communityPages().then((pages) => ({ default: pages.RecapPage })) },
  { path: 'community', load: () => communityPages().then((pages) => ({ default: pages.CommunityPage })) },
  { path: 'athlete-spotlights', load: () => communityPages().then((pages) => ({ default: pages.AthleteSpotlightsPage })) },
  { path: 'leaderboard', load: () => communityPages().then((pages) => ({ default: pages.LeaderboardPage })) },
];
