// DELETE /api/user/account { password, confirmText }. On success the token is dropped, every
// cached read is forgotten, and the visitor goes to the landing page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { apiRequest } from '@/lib/api-client';
import { removeAuthToken } from '@/lib/auth-token';
import { paths } from '@/lib/paths';

export async function deleteAccount(input: { password: string; confirmText: string }): Promise<void> {
  await apiRequest('DELETE', '/api/user/account', input);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      removeAuthToken();
      queryClient.clear();
      navigate(paths.landing, { replace: true });
    },
  });
}
