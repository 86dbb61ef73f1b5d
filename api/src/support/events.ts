// The support request's event, on stream `support-<id>`: one fact, SupportRequestSubmitted.
// Visitors are usually anonymous, so the name and e-mail travel in the event itself (the least needed
// to answer them) rather than sealed under a user key. Registered in the event catalogue.
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../events/define.js';
import { SUPPORT_ISSUE_TYPES, SUPPORT_PRIORITIES } from '../schemas/support.js';

export const supportEvents = defineEvents({
  SupportRequestSubmitted: {
    schemaVersion: 1,
    schema: z.object({
      id: z.string().min(1),
      ticketNumber: z.string().min(1),
      fullName: z.string(),
      email: z.string(),
      subject: z.string(),
      issueType: z.enum(SUPPORT_ISSUE_TYPES),
      priority: z.enum(SUPPORT_PRIORITIES),
      message: z.string(),
      submittedAt: z.iso.datetime(),
    }),
  },
});

export type SupportEvent = EventsOf<typeof supportEvents>;
