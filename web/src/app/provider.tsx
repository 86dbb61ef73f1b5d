// Everything the app needs around its routes: the query cache and the toaster. Tooltip timing
// (Radix Tooltip's provider) comes with the pages that have tooltips (router.tsx, theme-switcher.tsx).
// A 401 anywhere makes the app ask the server who is signed in (GET /api/auth/session again, and
// GET /api/admin/me when a staff page is open): when the session has ended there, the sign-in guard
// (the creators' or the staff pages') sends the visitor to sign in, saying the session ended.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';

import { useAnyToastRaised } from '@/hooks/use-toast';
import { sessionQueryOptions } from '@/lib/session';
import { createQueryClient } from '@/lib/query-client';
import { STAFF_SESSION_KEY } from '@/lib/staff-session-key';

// The toaster (Radix Toast) loads with the first toast, not with the first page: it then shows that
// toast, which waits in the store (use-toast) meanwhile.
const Toaster = lazy(async () => ({ default: (await import('@/components/toaster')).Toaster }));

const recheckSession = (client: QueryClient) => {
  void client.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
  // Only refetched where a staff page reads it (an inactive query is just marked stale).
  void client.invalidateQueries({ queryKey: [STAFF_SESSION_KEY] });
};

function ToasterOnceNeeded() {
  if (!useAnyToastRaised()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized: recheckSession }));
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnceNeeded />
    </QueryClientProvider>
  );
}
