// GET /api/titles/verify/{tr}: the registration a certificate names (seed 000 §7). Any non-OK answer
// reads as 'Registration not found'; a failure without an answer as 'Verification failed' (§8). An
// archived registration (deleted into the Forever Database) answers too: that it existed, whether it
// was anchored and when it was archived, without the registrant's details.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TitleVerification } from '@titleledger/api/schemas';

import { ApiError, apiCall } from '@/lib/api-client';
import { loadSchemas } from '@/lib/load-schemas';

export interface VerifiedRegistration {
  readonly tr_number: string;
  readonly title: string;
  readonly material_type: string;
  readonly status: string;
  readonly registration_date: string;
  readonly cryptographic_hash: string;
  /** SHA-256 of the registered file; a dropped file is compared with it. */
  readonly file_content_hash?: string;
  readonly registrant_name?: string;
  readonly intended_medium?: string;
  /** Present when the registration was archived: when, whether its hash was anchored, the server's words. */
  readonly archived?: { readonly archived_at: string; readonly anchored: boolean; readonly message?: string };
}

/** The server's union (active or archived) as the pages read it: an archived one has no title or name. */
function toRegistration(answer: TitleVerification): VerifiedRegistration {
  if (!answer.archived) {
    const { archived: _active, ...registration } = answer;
    return registration;
  }
  return {
    tr_number: answer.tr_number,
    title: '',
    material_type: '',
    status: answer.status,
    registration_date: answer.registration_date,
    cryptographic_hash: answer.cryptographic_hash,
    file_content_hash: answer.file_content_hash,
    archived: { archived_at: answer.archived_at, anchored: answer.anchored, message: answer.message },
  };
}

async function getVerification(trNumber: string): Promise<VerifiedRegistration> {
  try {
    const { titleVerificationSchema } = await loadSchemas();
    return toRegistration(await apiCall('GET', `/api/titles/verify/${encodeURIComponent(trNumber)}`, titleVerificationSchema));
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
