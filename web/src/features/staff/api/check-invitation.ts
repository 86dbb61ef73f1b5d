// POST /api/admin/accept-invitation/check: whether the invitation link the page was opened with still works.
import { useQuery } from '@tanstack/react-query';

import { linkCheckQueryOptions } from '@/lib/link-check';

export function useInvitationCheck(token: string, enabled: boolean) {
  return useQuery({ ...linkCheckQueryOptions('/api/admin/accept-invitation/check', token), enabled });
}
