// Sign out: tell the server, then forget everything locally whatever it answered, and go home.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { successSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

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
      void navigate('/');
    },
  });
}
