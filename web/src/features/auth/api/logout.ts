// Sign out: tell the server, then forget everything locally whatever it answered (the cached reads
// and what the browser kept for this user, such as the wizard draft), and go home.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { successSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { forgetSignedInUserData } from '@/lib/user-storage';

async function logout(): Promise<void> {
  try {
    await apiCall('POST', '/api/auth/logout', successSchema);
  } catch (error) {
    // The local session ends regardless; a failed server call is only worth a log line.
    console.error('Logout request failed; signing out locally anyway.', error);
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      forgetSignedInUserData();
      void navigate('/');
    },
  });
}
