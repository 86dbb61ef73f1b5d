// Everything the app needs around its routes: the query cache, tooltip timing and the toaster.
// A 401 anywhere makes the app ask the server who is signed in (GET /api/auth/session again): when the
// session has ended there, the sign-in guard sends the visitor to sign in with `next`.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { Toaster } from '@/components/toaster';
import { TooltipProvider } from '@/components/tooltip';
import { sessionQueryOptions } from '@/lib/session';
import { createQueryClient } from '@/lib/query-client';

const recheckSession = (client: QueryClient) => {
  void client.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
};

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized: recheckSession }));
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
