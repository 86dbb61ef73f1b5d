// GET /api/payment/session/{id} after a declined checkout: the provider's reason, in the server's
// words (failure_reason). Null when there is none or it cannot be read: the page then gives the
// general decline text.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

async function getUnpaidReason(sessionId: string): Promise<string | null> {
  try {
    const response = await apiRequest('GET', `/api/payment/session/${encodeURIComponent(sessionId)}`);
    const body = (await response.json()) as { failure_reason?: unknown };
    return typeof body.failure_reason === 'string' ? body.failure_reason : null;
  } catch {
    return null;
  }
}

const unpaidReasonQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: ['/api/payment/session', sessionId, 'failure_reason'], queryFn: () => getUnpaidReason(sessionId) });

export function useUnpaidReason(sessionId: string | null) {
  return useQuery({ ...unpaidReasonQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
}
