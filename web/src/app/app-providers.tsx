import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast.tsx';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { PageDataContext, type PageData } from '../lib/page-data.ts';
import { ViewModeProvider } from './navigation/view-mode.tsx';

interface AppProvidersProps {
  readonly queryClient: QueryClient;
  readonly pageData: PageData | undefined;
  /** Whether a session may exist; the server renders every page as a visitor's. */
  readonly mayHaveSession?: () => boolean;
  readonly children: ReactNode;
}

/**
 * Everything around the router, the same in the browser (app.tsx) and on the server (web/src/ssr/render-app.tsx).
 * A module of its own: the server imports it without the app's route table, which would bring every page.
 */
export function AppProviders({ queryClient, pageData, mayHaveSession, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <PageDataContext value={pageData}>
        <ToastProvider>
          <AuthProvider mayHaveSession={mayHaveSession}>
            <ViewModeProvider>{children}</ViewModeProvider>
          </AuthProvider>
        </ToastProvider>
      </PageDataContext>
    </QueryClientProvider>
  );
}

