// POST /api/admin/logout ends this staff session on the server (and clears its cookie); locally the
// admin flag and everything cached go whatever it answered.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@titleledger/api/schemas';
import { useNavigate } from 'react-router-dom';

import { setAdminMode } from '@/lib/admin-mode';
import { apiCall } from '@/lib/api-client';

export function useStaffLogout(to: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await apiCall('POST', '/api/admin/logout', successSchema).catch((error: unknown) => console.error('Admin logout failed; signing out locally anyway.', error));
    },
    onSettled: () => {
      setAdminMode(false);
      queryClient.clear();
      void navigate(to, { replace: true });
    },
  });
}
