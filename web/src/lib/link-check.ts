// Whether an e-mailed link (a password reset, a staff invitation or reset) still works, asked by its
// page as it opens, so a used or late link says so before anything is typed. `invalid` is the
// server refusing it as using it would (422, or 400 for a token it could never take); with no answer
// (offline, limited, down) the query fails and the page shows its form as before: the submit tells.
// The check spends nothing, and one answer serves the page's life.
import { queryOptions } from '@tanstack/react-query';
import { linkValidSchema } from '@titleledger/api/schemas';

import { apiCall } from './api-client';
import { errorStatus } from './api-error';

export type LinkState = 'valid' | 'invalid';

async function checkLink(path: string, token: string): Promise<LinkState> {
  try {
    await apiCall('POST', path, linkValidSchema, { token });
    return 'valid';
  } catch (error) {
    const status = errorStatus(error);
    if (status === 400 || status === 422) return 'invalid';
    throw error;
  }
}

export const linkCheckQueryOptions = (path: string, token: string) =>
  queryOptions({
    queryKey: [path, token],
    queryFn: () => checkLink(path, token),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
