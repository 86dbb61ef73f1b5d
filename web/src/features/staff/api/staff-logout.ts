// POST /api/admin/logout ends this staff session on the server (and clears its cookie). Only the
// server can end it (the cookie is HttpOnly), so a failed call is tried once more, and if that fails
// too the staff member stays where they are, still signed in (which they are), and is told to try
// again: going to the sign-in page anyway would lead straight back in (a signed-in staff member is
// sent on from there), or leave a live session behind on a shared computer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@titleledger/api/schemas';
import { useNavigate } from 'react-router-dom';

import { toast } from '@/hooks/use-toast';
import { setAdminMode } from '@/lib/admin-mode';
import { apiCall } from '@/lib/api-client';

export function useStaffLogout(to: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiCall('POST', '/api/admin/logout', successSchema),
    // One more try after a moment: a dropped connection or a restarting server is often back by then.
    retry: 1,
    onSuccess: () => {
      setAdminMode(false);
      queryClient.clear();
      void navigate(to, { replace: true });
    },
    onError: (error) => {
      console.error('Admin logout failed twice; the session is still open.', error);
      toast({
        title: 'Signing out failed',
        description: 'You are still signed in. Check your connection, then click Sign out again.',
        variant: 'destructive',
      });
    },
  });
}
