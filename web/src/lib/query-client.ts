// The app's single QueryClient. Reads never go stale on their own and never retry or poll:
// data changes when a mutation says so, which keeps what the user sees predictable.
import { QueryClient } from '@tanstack/react-query';

import { getQueryFn } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
