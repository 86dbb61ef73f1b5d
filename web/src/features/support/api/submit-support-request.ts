// POST /api/support/submit: records the request and answers with its ticket number.
import { useMutation } from '@tanstack/react-query';
import type { SupportRequestInput, SupportSubmitted } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

async function submitSupportRequest(input: SupportRequestInput): Promise<SupportSubmitted> {
  const response = await apiRequest('POST', '/api/support/submit', input);
  return (await response.json()) as SupportSubmitted;
}

export function useSubmitSupportRequest() {
  return useMutation({ mutationFn: submitSupportRequest });
}
