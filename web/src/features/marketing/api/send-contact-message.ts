// The contact form's message goes in as a support request of type "other" (POST /api/contact), so
// it gets a ticket number and nobody's message is lost (the original only logged it).
import { useMutation } from '@tanstack/react-query';
import { supportSubmittedSchema, type SupportSubmitted } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

async function sendContactMessage(input: ContactMessage): Promise<SupportSubmitted> {
  return apiCall('POST', '/api/contact', supportSubmittedSchema, {
    fullName: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
