// The app's single QueryClient. Reads never go stale on their own and never retry or poll:
// data changes when a mutation says so, which keeps what the user sees predictable.
// Any 401 a read or a mutation meets is reported to `onUnauthorized` (the app asks the server for the
// session again, so the page never shows someone signed in whom the server has signed out).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { ApiError, getQueryFn } from './api-client';

export type QueryClientHooks = { onUnauthorized?: (client: QueryClient) => void };

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export function createQueryClient({ onUnauthorized }: QueryClientHooks = {}): QueryClient {
  const report = (error: unknown) => {
    if (isUnauthorized(error)) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: report }),
    mutationCache: new MutationCache({ onError: report }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return client;
}
