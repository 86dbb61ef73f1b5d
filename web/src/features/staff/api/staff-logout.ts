// POST /api/admin/logout ends this staff session on the server (and clears its cookie). When it
// cannot, the staff member stays where they are and is told so (`@/lib/sign-out`): going to the
// sign-in page anyway would lead straight back in (a signed-in staff member is sent on from there),
// or leave a live session behind on a shared computer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@titleledger/api/schemas';
import { useNavigate } from 'react-router-dom';

import { setAdminMode } from '@/lib/admin-mode';
import { apiCall } from '@/lib/api-client';
import { SIGN_OUT_RETRIES, tellSignOutFailed } from '@/lib/sign-out';

export function useStaffLogout(to: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiCall('POST', '/api/admin/logout', successSchema),
    retry: SIGN_OUT_RETRIES,
    onSuccess: () => {
      setAdminMode(false);
      queryClient.clear();
      void navigate(to, { replace: true });
    },
    onError: (error) => tellSignOutFailed('Sign out', error),
  });
}
