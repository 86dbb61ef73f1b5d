// The current session: GET /api/auth/session (200 signed in or not, so a signed-out page logs no
// error), read once and kept fresh for 10 minutes; any 401 elsewhere makes the app read it again.
// Whether the visitor is signed in is the server's answer, never something kept in the browser:
// any failure means "signed out" (with a log line).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiCall } from '@/lib/api-client';
import { loadSessionSchemas } from '@/lib/load-schemas';

/** The signed-in user as the server sends it. Only the fields the shell reads are named. */
type SessionUser = {
  id: string;
  email: string;
  /** Whether the side menu shows the Admin Portal link: the server decides (ADMIN_MENU_EMAILS). */
  isAdmin?: boolean;
  [field: string]: unknown;
};

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null };

const SESSION_FRESH_MS = 10 * 60 * 1000;

async function getCurrentUser(): Promise<SessionUser | null> {
  try {
    // The schemas (and zod) load with this first call, not with the landing page's first paint.
    const { sessionStateSchema } = await loadSessionSchemas();
    return (await apiCall('GET', '/api/auth/session', sessionStateSchema)).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    console.warn('Could not load the current user; treating the visitor as signed out.', error);
    return null;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/session'],
    queryFn: getCurrentUser,
    staleTime: SESSION_FRESH_MS,
  });

export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQueryOptions());
  if (isPending) return { status: 'loading', user: null };
  return data ? { status: 'signed-in', user: data } : { status: 'signed-out', user: null };
}
