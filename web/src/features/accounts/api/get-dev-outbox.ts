// GET /api/dev/outbox: a server started with DEV_OUTBOX=1 lists the e-mail it sent here. The page
// only asks whether it answers, to offer a link; by default (and always in production) it is absent.
import { queryOptions, useQuery } from '@tanstack/react-query';

export const DEV_OUTBOX_PATH = '/api/dev/outbox';

async function isDevOutboxAvailable(): Promise<boolean> {
  try {
    const response = await fetch(DEV_OUTBOX_PATH, { credentials: 'include' });
    return response.ok;
  } catch {
    return false;
  }
}

const devOutboxQueryOptions = () =>
  queryOptions({ queryKey: [DEV_OUTBOX_PATH, 'available'], queryFn: isDevOutboxAvailable, staleTime: 0 });

export function useDevOutboxAvailable() {
  return useQuery(devOutboxQueryOptions());
}
