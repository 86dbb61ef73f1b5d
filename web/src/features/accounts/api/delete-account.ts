// DELETE /api/user/account { password, confirmText }. On success (the server has ended the
// session and cleared its cookie) every cached read is forgotten, and the visitor goes to the landing page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { apiRequest } from '@/lib/api-client';
import { paths } from '@/lib/paths';

async function deleteAccount(input: { password: string; confirmText: string }): Promise<void> {
  await apiRequest('DELETE', '/api/user/account', input);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      void navigate(paths.landing, { replace: true });
    },
  });
}
