// The support request's events, on stream `support-<id>`: SupportRequestSubmitted by the visitor,
// then SupportRequestResolved and SupportRequestReopened by staff working the support inbox.
// Visitors are usually anonymous, so the name and e-mail travel in the event itself (the least needed
// to answer them) rather than sealed under a user key. Registered in the event catalogue.
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../events/define.js';
import { SUPPORT_ISSUE_TYPES, SUPPORT_PRIORITIES } from '../schemas/support.js';
import { staffRoleSchema } from '../schemas/staff.js';

/** Who handled a request, and what they noted (shown in the inbox and the access log). */
const handled = {
  id: z.string().min(1),
  ticketNumber: z.string().min(1),
  /** The staff account's id. */
  by: z.string().min(1),
  role: staffRoleSchema,
  note: z.string().nullable(),
};

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
  /** Answered: staff replied (by e-mail, outside the product) or found nothing to do. */
  SupportRequestResolved: {
    schemaVersion: 1,
    schema: z.object({ ...handled, resolvedAt: z.iso.datetime() }),
  },
  /** Back in the open queue: resolved by mistake, or the visitor wrote again. */
  SupportRequestReopened: {
    schemaVersion: 1,
    schema: z.object({ ...handled, reopenedAt: z.iso.datetime() }),
  },
});

export type SupportEvent = EventsOf<typeof supportEvents>;
