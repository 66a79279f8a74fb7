import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Router, type BaseLocationHook } from 'wouter';
import { AppRoutes } from '@/app/routes';
import { TopNav } from '@/components/layout/top-nav';
import { Toaster } from '@/components/ui/toaster';
import { listenForNotifications } from '@/lib/notify-bridge';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { LoginPage } from '@/pages/login';
import { useSession } from '@/queries/auth';

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
        <SignedIn>
          <TopNav />
          <main>
            <AppRoutes />
          </main>
        </SignedIn>
      </Router>
      <Toaster />
    </QueryClientProvider>
  );
}

/**
 * The app, or the login page when the server has accounts and nobody is signed in (issue 12).
 * Until the session is known (or if it cannot be read) the app shows: the server enforces access
 * either way, and a 401 reads the session again.
 */
function SignedIn({ children }: { children: ReactNode }) {
  const { data: session } = useSession();
  if (session?.authRequired && !session.user) return <LoginPage />;
  return <>{children}</>;
}
