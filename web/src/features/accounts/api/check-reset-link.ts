// POST /api/auth/reset-password/check: whether the reset link the page was opened with still works.
import { useQuery } from '@tanstack/react-query';

import { linkCheckQueryOptions } from '@/lib/link-check';

export function useResetLinkCheck(token: string) {
  return useQuery(linkCheckQueryOptions('/api/auth/reset-password/check', token));
}
