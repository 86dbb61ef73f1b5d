// POST /api/auth/login. On success the server has set the HttpOnly session cookie (the token
// in the answer is for API clients and is not kept); the cached session is dropped and read again,
// so every guard sees the new user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@titleledger/api/schemas';

import { sessionQueryOptions } from '@/lib/session';

import { sendAuthRequest, type AuthResult } from './auth-request';

function login(input: LoginRequest): Promise<AuthResult> {
  return sendAuthRequest('/api/auth/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (result) => {
      if (!result.success) return;
      // Nothing cached while signed out (or as someone else) may survive a sign-in.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryOptions().queryKey[0] });
      await queryClient.resetQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
