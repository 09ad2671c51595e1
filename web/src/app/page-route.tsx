import type { RouteObject } from 'react-router-dom';
import type { PageModule } from '../components/role-gate.tsx';

/**
 * A page in a chunk of its own, fetched by the router before it renders the page (route `lazy`) rather than
 * by React.lazy under Suspense: the page appears in one step, with no loading fallback flashing first and no
 * wait for React's throttled reveal of suspended content (300 ms after a fallback shows). While a chunk
 * loads on a client-side navigation the current page stays, and the shell shows a progress bar.
 */
export function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { default: Page, gate } = await load();
      if (!gate) return { Component: Page };
      // A signed-in page: the role gate (a chunk every such page shares, not in the public first load) decides who
      // sees it; the page's module says who may enter and in which words, so those texts load with it.
      const { RoleGate } = await import('../components/role-gate.tsx');
      return {
        Component: () => (
          <RoleGate {...gate}>
            <Page />
          </RoleGate>
        ),
      };
    },
  };
}
