// GET /api/ledger/proof/{tr}: the registration's Merkle proof and its anchor. Until the batch holding
// it is anchored the ledger has no proof (a pending answer, or 404), so the page asks again every
// few seconds and stops once the proof is there.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerProofReply } from '@titleledger/api/schemas';

import { ApiError, apiCall } from '@/lib/api-client';
import { loadSchemas } from '@/lib/load-schemas';

import type { LedgerProof } from '../lib/merkle-check';

export type LedgerProofAnswer = { readonly state: 'pending' } | { readonly state: 'anchored'; readonly proof: LedgerProof };

const PROOF_POLL_MS = 3000;

async function getLedgerProof(trNumber: string): Promise<LedgerProofAnswer> {
  let answer: LedgerProofReply;
  try {
    const { ledgerProofReplySchema } = await loadSchemas();
    answer = await apiCall('GET', `/api/ledger/proof/${encodeURIComponent(trNumber)}`, ledgerProofReplySchema);
  } catch (error) {
    // The registration exists (it was just verified), so "no proof for it" means "not anchored yet".
    if (error instanceof ApiError && error.status === 404) return { state: 'pending' };
    throw error;
  }
  if (answer.status !== 'anchored' || answer.contract === null || answer.txHash === null) return { state: 'pending' };
  return { state: 'anchored', proof: { ...answer, contract: answer.contract, txHash: answer.txHash } };
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
