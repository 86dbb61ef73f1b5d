// GET /api/log/proof/consistency?from=M&to=N, then the proof checked here in the browser against the
// two signed roots the page already holds: the server is not trusted to say "consistent".
import { useMutation } from '@tanstack/react-query';
import { consistencyProofResponse } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { hexToBytes, verifyConsistency } from '../lib/consistency';

interface ConsistencyCheck {
  readonly from: { treeSize: number; root: string };
  readonly to: { treeSize: number; root: string };
}

interface ConsistencyVerdict {
  readonly ok: boolean;
  readonly from: number;
  readonly to: number;
  readonly pathLength: number;
}

async function checkConsistency({ from, to }: ConsistencyCheck): Promise<ConsistencyVerdict> {
  const proof = await apiCall('GET', `/api/log/proof/consistency?from=${from.treeSize}&to=${to.treeSize}`, consistencyProofResponse);
  const ok =
    proof.from === from.treeSize &&
    proof.to === to.treeSize &&
    (await verifyConsistency(from.treeSize, to.treeSize, hexToBytes(from.root), hexToBytes(to.root), proof.path.map(hexToBytes)));
  return { ok, from: from.treeSize, to: to.treeSize, pathLength: proof.path.length };
}

export function useCheckConsistency() {
  return useMutation({ mutationFn: checkConsistency });
}
