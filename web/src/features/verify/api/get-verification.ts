// GET /api/titles/verify/{tr}: the registration a certificate names (seed 000 §7). Any non-OK answer
// reads as 'Registration not found'; a failure without an answer as 'Verification failed' (§8). An
// archived registration (deleted into the Forever Database) answers too: that it existed, whether it
// was anchored and when it was archived, without the registrant's details.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiRequest } from '@/lib/api-client';

export interface VerifiedRegistration {
  readonly tr_number: string;
  readonly title: string;
  readonly material_type: string;
  readonly status: string;
  readonly registration_date: string;
  readonly cryptographic_hash: string;
  /** SHA-256 of the registered file, when the server shares it; a dropped file is compared with it. */
  readonly file_content_hash?: string;
  readonly registrant_name?: string;
  readonly intended_medium?: string;
  /** Present when the registration was archived: when, whether its hash was anchored, the server's words. */
  readonly archived?: { readonly archived_at: string; readonly anchored: boolean; readonly message?: string };
}

function text(row: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = row[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function toRegistration(value: unknown): VerifiedRegistration {
  const row = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const optional = (key: string, ...names: string[]) => {
    const found = text(row, ...names);
    return found ? { [key]: found } : {};
  };
  return {
    tr_number: text(row, 'tr_number', 'trNumber') ?? '',
    title: text(row, 'title') ?? '',
    material_type: text(row, 'material_type', 'materialType') ?? '',
    status: text(row, 'status') ?? '',
    registration_date: text(row, 'registration_date', 'registrationDate') ?? '',
    cryptographic_hash: text(row, 'cryptographic_hash', 'cryptographicHash') ?? '',
    ...optional('file_content_hash', 'file_content_hash', 'fileContentHash'),
    ...optional('registrant_name', 'registrant_name', 'registrantName'),
    ...optional('intended_medium', 'intended_medium', 'intendedMedium'),
    ...(row.archived === true
      ? {
          archived: {
            archived_at: text(row, 'archived_at', 'archivedAt') ?? '',
            anchored: row.anchored === true,
            ...optional('message', 'message'),
          },
        }
      : {}),
  };
}

async function getVerification(trNumber: string): Promise<VerifiedRegistration> {
  let response: Response;
  try {
    response = await apiRequest('GET', `/api/titles/verify/${encodeURIComponent(trNumber)}`);
  } catch (error) {
    throw new Error(error instanceof ApiError ? 'Registration not found' : 'Verification failed');
  }
  try {
    return toRegistration(await response.json());
  } catch {
    throw new Error('Verification failed');
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
