import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Router, type BaseLocationHook } from 'wouter';
import { AppRoutes } from '@/app/routes';
import { TopNav } from '@/components/layout/top-nav';
import { Toaster } from '@/components/ui/toaster';
import { listenForNotifications } from '@/lib/notify-bridge';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

export interface AppProps {
  /** Tests pass a fresh client so caches never leak between them. */
  client?: QueryClient;
  /** Tests pass wouter's memoryLocation().hook; the browser uses the address bar. */
  locationHook?: BaseLocationHook;
}

/** The whole web app: data provider, top bar, routed page, and the one Toaster. */
export function App({ client = defaultQueryClient, locationHook }: AppProps) {
  // Non-React code raises notifications through a window event (see notify-bridge.ts).
  useEffect(() => listenForNotifications(window), []);
  return (
    <QueryClientProvider client={client}>
      <Router {...(locationHook ? { hook: locationHook } : {})}>
        <TopNav />
        <main>
          <AppRoutes />
        </main>
      </Router>
      <Toaster />
    </QueryClientProvider>
  );
}
