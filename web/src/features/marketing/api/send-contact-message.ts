// The contact form's message goes in as a support request of type "other", so it gets a ticket
// number and nobody's message is lost (the original only logged it).
import { useMutation } from '@tanstack/react-query';
import type { SupportSubmitted } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

async function sendContactMessage(input: ContactMessage): Promise<SupportSubmitted> {
  const response = await apiRequest('POST', '/api/support/submit', {
    fullName: input.name,
    email: input.email,
    subject: input.subject,
    issueType: 'other',
    priority: 'normal',
    message: input.message,
  });
  return (await response.json()) as SupportSubmitted;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
