// GET /api/titles/verify/{tr}: the registration a certificate names (seed 000 §7). Any non-OK answer
// reads as 'Registration not found'; a failure without an answer as 'Verification failed' (§8).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { verifiedRegistrationSchema, type VerifiedRegistration } from '@titleledger/api/schemas';

import { ApiError, apiCall } from '@/lib/api-client';

export type { VerifiedRegistration };

async function getVerification(trNumber: string): Promise<VerifiedRegistration> {
  try {
    return await apiCall('GET', `/api/titles/verify/${encodeURIComponent(trNumber)}`, verifiedRegistrationSchema);
  } catch (error) {
    throw new Error(error instanceof ApiError ? 'Registration not found' : 'Verification failed');
  }
}

export const verificationQueryOptions = (trNumber: string) =>
  queryOptions({
    queryKey: ['/api/titles/verify', trNumber],
    queryFn: () => getVerification(trNumber),
    // A status can move from pending to registered; asking again always asks the server.
    staleTime: 0,
    gcTime: 0,
  });

export function useVerification(trNumber: string | undefined) {
  return useQuery({ ...verificationQueryOptions(trNumber ?? ''), enabled: Boolean(trNumber) });
}
