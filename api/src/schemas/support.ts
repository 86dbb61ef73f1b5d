// The support request (seed 000 §3, §5, §9): fields, defaults, labels, limits and the spec's
// messages. Browser-safe: the support form and POST /api/support/submit validate with it.
import { z } from 'zod';
import { text } from './text.js';

export const SUPPORT_ISSUE_TYPES = ['payment', 'registration', 'technical', 'account', 'other'] as const;
export type SupportIssueType = (typeof SUPPORT_ISSUE_TYPES)[number];

export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

export const supportIssueTypeLabels: Record<SupportIssueType, { label: string; description: string }> = {
  payment: { label: 'Payment Issue', description: 'Billing, refunds, subscription problems' },
  registration: { label: 'Registration Problem', description: 'Issues with title registration process' },
  technical: { label: 'Technical Support', description: 'Website errors, bugs, access issues' },
  account: { label: 'Account Management', description: 'Login, profile, security concerns' },
  other: { label: 'Other', description: 'General inquiries' },
};

export const supportPriorityLabels: Record<SupportPriority, { label: string; description: string }> = {
  low: { label: 'Low', description: 'General question or feedback' },
  normal: { label: 'Normal', description: 'Standard request' },
  high: { label: 'High', description: 'Important issue affecting work' },
  urgent: { label: 'Urgent', description: 'Critical issue requiring immediate attention' },
};

/** Advertised first-response times (seed 000 §9). */
export const supportResponseTimes: Record<SupportPriority, string> = {
  urgent: '2-4 hours',
  high: '4-8 hours',
  normal: '12-24 hours',
  low: '24-48 hours',
};

/** The end of each advertised window, in hours: the support inbox marks an open request older than this overdue. */
export const supportResponseHours: Record<SupportPriority, number> = { urgent: 4, high: 8, normal: 24, low: 48 };

export const SUPPORT_LIMITS = {
  fullName: { min: 2, max: 100 },
  subject: { min: 5, max: 200 },
  message: { min: 20, max: 2000 },
} as const;

export const supportRequestSchema = z.object({
  fullName: text('Full name', {
    name: true,
    min: SUPPORT_LIMITS.fullName.min,
    max: SUPPORT_LIMITS.fullName.max,
    minMessage: 'Full name must be at least 2 characters',
    maxMessage: 'Full name must be at most 100 characters',
  }),
  email: text('Email', { max: 254, maxMessage: 'Please enter a valid email address' }).pipe(z.email('Please enter a valid email address')),
  subject: text('Subject', {
    min: SUPPORT_LIMITS.subject.min,
    max: SUPPORT_LIMITS.subject.max,
    minMessage: 'Subject must be at least 5 characters',
    maxMessage: 'Subject must be at most 200 characters',
  }),
  issueType: z.enum(SUPPORT_ISSUE_TYPES, 'Choose one of the listed issue types').default('technical'),
  priority: z.enum(SUPPORT_PRIORITIES, 'Choose one of the listed priorities').default('normal'),
  message: text('Message', {
    multiline: true,
    min: SUPPORT_LIMITS.message.min,
    max: SUPPORT_LIMITS.message.max,
    minMessage: 'Message must be at least 20 characters',
    maxMessage: 'Message must be at most 2000 characters',
  }),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;

/**
 * The contact page's message (seed 001 §2.11, §5: name, e-mail, subject and message, all four
 * required; no lengths beyond the support form's maxima): a short "Quick question?" is a message too.
 */
export const contactRequestSchema = z.object({
  fullName: text('Name', { name: true, min: 1, max: SUPPORT_LIMITS.fullName.max }),
  email: supportRequestSchema.shape.email,
  subject: text('Subject', { min: 1, max: SUPPORT_LIMITS.subject.max }),
  message: text('Message', { multiline: true, min: 1, max: SUPPORT_LIMITS.message.max }),
});
export type ContactRequest = z.output<typeof contactRequestSchema>;
export type SupportRequest = z.output<typeof supportRequestSchema>;

/** The server's messages for the support inbox's calls. */
export const SUPPORT_MESSAGES = {
  noSuchRequest: 'No such support request',
} as const;

/** TL-<year>-<6 characters>, e.g. TL-2026-7KQ2MX. */
export const SUPPORT_TICKET_PATTERN = /^TL-\d{4}-[0-9A-Z]{6}$/;

export const supportSubmittedSchema = z.object({
  success: z.literal(true),
  ticketNumber: z.string(),
  id: z.string(),
});
export type SupportSubmitted = z.infer<typeof supportSubmittedSchema>;
