import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components/toast.tsx';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { ViewModeProvider } from './navigation/view-mode.tsx';
import { keyFirstHistoryEntry } from './history-entry-key.ts';
import { createQueryClient } from './query-client.ts';
import { appRoutes, routerOptions } from './routes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    keyFirstHistoryEntry();
    return createBrowserRouter(appRoutes, routerOptions);
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <ViewModeProvider>
            <RouterProvider router={router} />
          </ViewModeProvider>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
