// GET /api/log/checkpoint/anchor: the latest checkpoint the ledger anchored on chain (AnchorRegistry
// .anchorCheckpoint), with its transaction. 404 until one is anchored: shown as "not anchored yet".
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logCheckpointResponse, type LogCheckpointResponse } from '@titleledger/api/schemas';

import { ApiError, apiCall } from '@/lib/api-client';

async function getCheckpointAnchor(): Promise<LogCheckpointResponse | null> {
  try {
    return await apiCall('GET', '/api/log/checkpoint/anchor', logCheckpointResponse);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useCheckpointAnchor() {
  return useQuery(queryOptions({ queryKey: ['/api/log/checkpoint/anchor'], queryFn: getCheckpointAnchor, refetchOnMount: 'always' }));
}
