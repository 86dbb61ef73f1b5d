// GET /api/log/checkpoint/anchor: the latest checkpoint the ledger anchored on chain (AnchorRegistry
// .anchorCheckpoint), with its transaction; null while none is anchored yet (`anchored: false`, a
// normal answer, not an error), shown as "not anchored yet".
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkpointAnchorResponse } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getCheckpointAnchor() {
  const answer = await apiCall('GET', '/api/log/checkpoint/anchor', checkpointAnchorResponse);
  return answer.anchored ? answer : null;
}

export function useCheckpointAnchor() {
  return useQuery(queryOptions({ queryKey: ['/api/log/checkpoint/anchor'], queryFn: getCheckpointAnchor, refetchOnMount: 'always' }));
}
