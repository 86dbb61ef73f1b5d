// After any account change the profile and the session (which carries the same user) are read
// again, so the side menu and Account Settings agree.
import { useQueryClient } from '@tanstack/react-query';

import { sessionQueryOptions } from '@/lib/session';

import { profileQueryOptions } from './get-profile';

export function useInvalidateAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }),
    ]);
}
