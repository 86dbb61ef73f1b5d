// POST /api/admin/reset-password/check: whether the reset link the page was opened with still works.
import { useQuery } from '@tanstack/react-query';

import { linkCheckQueryOptions } from '@/lib/link-check';

export function useStaffResetLinkCheck(token: string, enabled: boolean) {
  return useQuery({ ...linkCheckQueryOptions('/api/admin/reset-password/check', token), enabled });
}
