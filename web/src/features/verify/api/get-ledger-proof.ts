// GET /api/ledger/proof/{tr}: the registration's Merkle proof and its anchor. Until the batch holding
// it is anchored the ledger has no proof (a pending answer, or 404), so the page asks again every
// few seconds and stops once the proof is there.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiRequest } from '@/lib/api-client';

import type { LedgerProof } from '../lib/merkle-check';

export type LedgerProofAnswer = { readonly state: 'pending' } | { readonly state: 'anchored'; readonly proof: LedgerProof };

const PROOF_POLL_MS = 3000;

function isAnchoredProof(body: unknown): body is LedgerProof {
  if (typeof body !== 'object' || body === null) return false;
  const { leaf, proof, root, contract } = body as Partial<Record<keyof LedgerProof, unknown>>;
  return (
    typeof root === 'string' &&
    typeof contract === 'string' &&
    typeof leaf === 'object' &&
    leaf !== null &&
    typeof proof === 'object' &&
    proof !== null &&
    Array.isArray((proof as { path?: unknown }).path)
  );
}

async function getLedgerProof(trNumber: string): Promise<LedgerProofAnswer> {
  let body: unknown;
  try {
    const response = await apiRequest('GET', `/api/ledger/proof/${encodeURIComponent(trNumber)}`);
    body = await response.json();
  } catch (error) {
    // The registration exists (it was just verified), so "no proof for it" means "not anchored yet".
    if (error instanceof ApiError && error.status === 404) return { state: 'pending' };
    throw error;
  }
  return isAnchoredProof(body) ? { state: 'anchored', proof: body } : { state: 'pending' };
}

const ledgerProofQueryOptions = (trNumber: string) =>
  queryOptions({
    queryKey: ['/api/ledger/proof', trNumber],
    queryFn: () => getLedgerProof(trNumber),
    refetchInterval: (query) => (query.state.data?.state === 'anchored' ? false : PROOF_POLL_MS),
  });

export function useLedgerProof(trNumber: string | undefined) {
  return useQuery({ ...ledgerProofQueryOptions(trNumber ?? ''), enabled: Boolean(trNumber) });
}
