// POST /api/auth/register-enhanced (with a payment method) or /api/auth/register (without). The
// server signs the new user in with its HttpOnly cookie; the cached session is refreshed only when
// the visitor leaves the success step, because a signed-in session sends /register straight to the dashboard.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterRequest } from '@titleledger/api/schemas';

import { sessionQueryOptions } from '@/lib/session';

import { sendAuthRequest, type AuthResult } from './auth-request';

function register(payload: RegisterRequest): Promise<AuthResult> {
  const path = payload.paymentMethodId ? '/api/auth/register-enhanced' : '/api/auth/register';
  return sendAuthRequest(path, payload);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** Refreshes the session after sign-up; resolves once the new user has been read. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
}
