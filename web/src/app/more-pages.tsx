/**
 * Pages the router discovers when first asked for (routes.tsx routerOptions): their paths live here, in a
 * small chunk of their own, rather than in the entry, which the public first-load budget keeps nearly full.
 * A page here costs its first visit one extra small request (this module) before its own chunk.
 */
import type { PageModule } from '../components/role-gate.tsx';

/**
 * Each page's path (router syntax, under the shell) and its module. Only loaders, no static imports: a static
 * import of an entry module from here makes the bundler split the entry into shared chunks (4 KB more gzip).
 */
export const MORE_PAGES: readonly { readonly path: string; readonly load: () => Promise<PageModule> }[] = [
  { path: 'training', load: () => import('../features/training/pages/training-hub-page.tsx') },
  { path: 'ai-coach', load: () => import('../features/training/pages/ai-coach-page.tsx') },
  { path: 'training-dashboard', load: () => import('../features/training/pages/training-dashboard-page.tsx') },
  { path: 'training-journal', load: () => import('../features/training/pages/training-journal-page.tsx') },
  { path: 'submit-race-recap', load: () => import('../features/community/pages/submit-race-recap-page.tsx') },
  { path: 'recaps/:id', load: () => import('../features/community/pages/recap-page.tsx') },
  { path: 'community', load: () => import('../features/community/pages/community-page.tsx') },
  { path: 'athlete-spotlights', load: () => import('../features/community/pages/athlete-spotlights-page.tsx') },
  { path: 'leaderboard', load: () => import('../features/community/pages/leaderboard-page.tsx') },
];
