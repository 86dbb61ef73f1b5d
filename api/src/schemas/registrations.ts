// Title registration: the spec's lists (seed 001 §3.2-3.4) exactly as given, the wizard draft with
// its §5 messages, the submission fields, the checkout payloads and the responses the web app reads.
// Browser-safe: shared by the API and the web app.
import { z } from 'zod';
import { identifier, text } from './text.js';

/** Seed 001 §3.2. "Comic Page, Comic Strip, Comic Book (each offered as Visual and as Text)". */
export const MATERIAL_TYPES = [
  'Article',
  'Audiobook',
  'Bibliography',
  'Biography',
  'Blog',
  'Book',
  'Booklet',
  'Brochure',
  'Comic Page (Visual)',
  'Comic Page (Text)',
  'Comic Strip (Visual)',
  'Comic Strip (Text)',
  'Comic Book (Visual)',
  'Comic Book (Text)',
  'Commentary',
  'Compilation',
  'Documentary',
  'Format',
  'Gameshow',
  'Lyrics',
  'Manuscript',
  'Musical',
  'Poems',
  'Pitch',
  'Play',
  'Prompt',
  'Proposal',
  'Scene',
  'Screenplay',
  'Script',
  'Short',
  'Sketch',
  'Spec',
  'Story',
  'Synopsis',
  'Teleplay',
  'Trailer',
  'Translation',
  'Treatment',
  'Contract',
  'Thesis',
  'Ebooks',
] as const;

/** Seed 001 §3.3. */
export const AI_MATERIAL_TYPES = [
  'AI-Book',
  'AI-Ebook',
  'AI-Course',
  'AI-Class',
  'AI-Blog',
  'AI-Poem',
  'AI-Thesis',
  'AI-Short',
  'AI-Screenplay',
  'AI-Script',
  'AI-Story',
  'AI-Original Character (Text and or Visual)',
  'AI-Comic Page',
  'AI-Comic Strip',
  'AI-Comic Book',
] as const;

/** Seed 001 §3.4. */
export const INTENDED_MEDIUMS = [
  'Interactive',
  'Mobile',
  'PRINT LITERARY',
  'ONLINE/DIGITAL',
  'RADIO',
  'SCREEN',
  'STAGE',
  'TV',
  'VIDEOGAME',
  'AI',
  'College/University',
  'Live Performance Venue',
  'Social Media',
  'Blog',
  'AI-Platforms',
  'AI-Agent(s)',
  'All Intended Mediums',
] as const;

export const ALL_MATERIAL_TYPES: readonly string[] = [...MATERIAL_TYPES, ...AI_MATERIAL_TYPES];

/** Seed 001 §2.2 / §9: what the upload accepts (checked by content on the server). */
export const UPLOAD_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.rtf', '.png', '.jpg', '.jpeg'] as const;

const KB = 1024;
const MB = 1024 * 1024;

/** `value` rounded up to `decimals` places, trailing zeros dropped (the epsilon absorbs float noise). */
const roundUp = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.ceil(value * scale - 1e-9) / scale;
};

/**
 * A file's size as a person reads it: MB (up to two decimals) from 1 MB, KB (up to one) from 1 KB,
 * bytes below that, where "0.00 MB" would read as an empty file. Rounded up, so a file over a limit
 * never reads as the limit itself ("25.01 MB", not "25 MB", for one byte over 25 MB).
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${roundUp(bytes / MB, 2)} MB`;
  if (bytes >= KB) return `${roundUp(bytes / KB, 1)} KB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/** The 413's sentence; the wizard says the same before it would send a file that is too large. */
export const fileTooLargeMessage = (limitBytes: number): string =>
  `The file is larger than the ${formatFileSize(limitBytes)} limit. Upload a smaller file.`;

/** GET /api/copyright/upload-limits: the largest file a registration takes (the server's MAX_UPLOAD_BYTES). */
export const uploadLimitsSchema = z.object({ maxBytes: z.number().int().positive() });
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

const materialType = text('Material type', { min: 1, max: 100 }).refine(
  (v) => ALL_MATERIAL_TYPES.includes(v),
  'Choose a material type from the list',
);
const intendedMedium = text('Intended medium', { min: 1, max: 100 }).refine(
  (v) => (INTENDED_MEDIUMS as readonly string[]).includes(v),
  'Choose an intended medium from the list',
);

/** Longest accepted value of each registration text field. */
export const REGISTRATION_LIMITS = { title: 500, name: 200, phone: 50, address: 500, shortText: 2000, description: 10_000, paymentId: 200 } as const;

/** A TR number as it appears in a URL (`TR-COPY-2026-AB12CD34`); the format itself is checked where it matters. */
export const trNumberParamSchema = z.object({ tr: identifier('TR number', 64) });
/** A payment (checkout session) id as it appears in a URL or a form. */
export const paymentIdSchema = identifier('Payment id', REGISTRATION_LIMITS.paymentId);

/** The required fields with the wizard's §5 messages (checked on change in the web app). */
export const registrationRequiredFields = z.object({
  title: text('Title', { name: true, min: 1, max: REGISTRATION_LIMITS.title }),
  materialType,
  intendedMedium,
  firstName: text('First name', { name: true, min: 1, max: REGISTRATION_LIMITS.name }),
  lastName: text('Last name', { name: true, min: 1, max: REGISTRATION_LIMITS.name }),
  email: text('Email', { max: 254, requiredMessage: 'Valid email is required', maxMessage: 'Valid email is required' }).pipe(
    z.email('Valid email is required'),
  ),
  phone: text('Phone', {
    min: 10,
    max: REGISTRATION_LIMITS.phone,
    minMessage: 'Valid phone number is required',
    requiredMessage: 'Valid phone number is required',
  }),
  address: text('Address', {
    min: 10,
    max: REGISTRATION_LIMITS.address,
    minMessage: 'Complete address is required',
    requiredMessage: 'Complete address is required',
  }),
});

const optionalText = (label: string, options: { name?: boolean; multiline?: boolean } = {}) =>
  text(label, { max: REGISTRATION_LIMITS.shortText, ...options }).optional();
const flag = z.boolean().optional();
/** A year as the wizard asks for it (placeholder YYYY), or nothing. */
const optionalYear = (label: string) => text(label, { max: REGISTRATION_LIMITS.shortText }).regex(/^(\d{4})?$/, 'Use YYYY').optional();

/** Seed 001 §3.1: the whole wizard draft (kept in browser storage across the payment redirect). */
export const registrationDraftSchema = registrationRequiredFields.extend({
  alternativeTitles: optionalText('Alternative titles', { name: true }),
  publicationAsContribution: flag,
  collectiveWorkTitle: optionalText('Collective work title', { name: true }),
  volumeNumber: optionalText('Volume number'),
  issueNumber: optionalText('Issue number'),
  issueDate: text('Issue date', { max: 10 })
    .regex(/^((0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4})?$/, 'Use MM/DD/YYYY')
    .optional(),
  pageNumbers: optionalText('Page numbers'),
  description: text('Description', { multiline: true, max: REGISTRATION_LIMITS.description }).optional(),
  authorYearBorn: optionalYear("Author's year of birth"),
  authorYearDied: optionalYear("Author's year of death"),
  workMadeForHire: flag,
  employerName: optionalText('Employer name', { name: true }),
  authorNationality: optionalText("Author's nationality"),
  authorDomicile: optionalText("Author's domicile"),
  natureOfAuthorship: optionalText('Nature of authorship', { multiline: true }),
  anonymousWork: flag,
  pseudonymousWork: flag,
  pseudonym: optionalText('Pseudonym', { name: true }),
  yearOfCreation: optionalYear('Year of creation'),
  workPublished: flag,
  dateOfPublication: optionalText('Date of publication'),
  nationOfPublication: optionalText('Nation of publication'),
});
export type RegistrationDraft = z.infer<typeof registrationDraftSchema>;

/** The text fields of POST /api/copyright/submit-registration (multipart; the file comes beside them). */
export const registrationSubmissionSchema = registrationRequiredFields
  .extend({
    description: text('Description', { multiline: true, max: REGISTRATION_LIMITS.description }).optional().default(''),
    paymentSessionId: text('Payment session id', { max: REGISTRATION_LIMITS.paymentId })
      .regex(/^[\x21-\x7E]*$/, 'Payment session id may only contain printable ASCII characters, without spaces')
      .optional(),
    paymentIntentId: text('Payment intent id', { max: REGISTRATION_LIMITS.paymentId })
      .regex(/^[\x21-\x7E]*$/, 'Payment intent id may only contain printable ASCII characters, without spaces')
      .optional(),
  })
  .refine((v) => Boolean(v.paymentSessionId || v.paymentIntentId), {
    message: 'Payment Required: please complete payment before proceeding.',
    path: ['paymentSessionId'],
  });
export type RegistrationSubmission = z.infer<typeof registrationSubmissionSchema>;

/** 201 from submit-registration. */
export const registrationCreatedSchema = z.object({
  success: z.literal(true),
  tr_number: z.string(),
  cryptographic_hash: z.string(),
  file_content_hash: z.string(),
  registration_date: z.string(),
  status: z.string(),
});
export type RegistrationCreated = z.infer<typeof registrationCreatedSchema>;

/** One row of GET /api/titles/user. */
export const userTitleSchema = z.object({
  tr_number: z.string(),
  title: z.string(),
  registrant_name: z.string(),
  material_type: z.string(),
  intended_medium: z.string(),
  registration_date: z.string(),
  status: z.string(),
  cryptographic_hash: z.string(),
  file_content_hash: z.string(),
});
export type UserTitle = z.infer<typeof userTitleSchema>;

/** GET /api/titles/user: the signed-in user's registrations, newest first. */
export const userTitlesSchema = z.array(userTitleSchema);

/** GET /api/dashboard/stats. */
export const dashboardStatsSchema = z.object({
  totalRegistrations: z.number(),
  activeRegistrations: z.number(),
  pendingRegistrations: z.number(),
  thisMonthRegistrations: z.number(),
  recent_activity: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** POST /api/payment/create-intent, from the wizard (copyright_registration) or the checkout page (one-time). */
export const createIntentSchema = z.object({
  amount: z.coerce.number().positive('Amount must be positive').max(100_000),
  currency: text('Currency', { max: 10 })
    .toLowerCase()
    .pipe(z.literal('usd', 'Only USD is accepted'))
    .optional()
    .default('usd'),
  payment_type: z.enum(['copyright_registration', 'one-time']).optional().default('one-time'),
  description: text('Description', { max: 500 }).optional(),
  metadata: z
    .object({
      title: text('Title', { name: true, max: REGISTRATION_LIMITS.title }).optional(),
      email: text('Email', { max: 320 }).optional(),
      service: text('Service', { max: 200 }).optional(),
      amount: z.union([text('Amount', { max: 20 }), z.number()]).optional(),
      /** Where the provider sends the browser back after paying: a path on this site. */
      success_path: text('success_path', { max: 500 })
        .regex(/^\/(?!\/)[^\s\\]*$/, 'success_path must be a path on this site')
        .max(500)
        .optional(),
      cancel_path: text('cancel_path', { max: 500 })
        .regex(/^\/(?!\/)[^\s\\]*$/, 'cancel_path must be a path on this site')
        .max(500)
        .optional(),
    })
    .optional()
    .default({}),
});
export type CreateIntent = z.infer<typeof createIntentSchema>;

export const createIntentResponseSchema = z.object({ checkout_url: z.string(), session_id: z.string() });

/** GET /api/payment/session/:id. */
export const paymentSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'succeeded', 'failed', 'refunded']),
  paid: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  used: z.boolean(),
  /** Why a failed payment failed (a declined card, a cancelled checkout), in words for the payer. */
  failure_reason: z.string().optional(),
  /** A paid payment that could never pay for a registration is refunded: the provider's refund id. */
  refund_id: z.string().optional(),
  /**
   * A used payment: the registration it paid for. Only its payer sees the session, and only the
   * payer's own registration can use it, so this is theirs (a reload of step 5 says it is done).
   */
  used_for: z.object({ tr_number: z.string(), title: z.string() }).optional(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

/**
 * GET /api/payment/unused: the signed-in user's paid registration payments that no registration
 * has used, newest first (the wizard offers the first instead of a second charge).
 */
export const unusedPaymentsSchema = z.object({
  payments: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      currency: z.string(),
      /** The title the payment was made for, as typed then. */
      reference: z.string().nullable(),
      paid_at: z.string(),
    }),
  ),
});
export type UnusedPayments = z.infer<typeof unusedPaymentsSchema>;

/** GET /api/registry/public-key: the registry's Ed25519 key that signs `.tr` files. */
export const registryPublicKeySchema = z.object({ alg: z.literal('Ed25519'), keyId: z.string(), publicKey: z.string(), publicKeyPem: z.string() });

/** POST /api/payment/webhook: Stripe's event was taken. */
export const stripeWebhookReceivedSchema = z.object({ received: z.literal(true) });
