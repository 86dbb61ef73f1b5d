// POST /api/support/submit: records the request and answers with its ticket number.
import { useMutation } from '@tanstack/react-query';
import { supportSubmittedSchema, type SupportRequestInput, type SupportSubmitted } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function submitSupportRequest(input: SupportRequestInput): Promise<SupportSubmitted> {
  return apiCall('POST', '/api/support/submit', supportSubmittedSchema, input);
}

export function useSubmitSupportRequest() {
  return useMutation({ mutationFn: submitSupportRequest });
}
