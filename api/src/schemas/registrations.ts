// Title registration: the spec's lists (seed 001 §3.2-3.4) exactly as given, the wizard draft with
// its §5 messages, the submission fields, the checkout payloads and the responses the web app reads.
// Browser-safe: shared by the API and the web app.
import { z } from 'zod';

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

/** Seed 001 §9: the registration fee. */
export const REGISTRATION_FEE_USD = 9.99;

const materialType = z
  .string({ error: 'Material type is required' })
  .trim()
  .min(1, 'Material type is required')
  .refine((v) => ALL_MATERIAL_TYPES.includes(v), 'Choose a material type from the list');
const intendedMedium = z
  .string({ error: 'Intended medium is required' })
  .trim()
  .min(1, 'Intended medium is required')
  .refine((v) => (INTENDED_MEDIUMS as readonly string[]).includes(v), 'Choose an intended medium from the list');

/** The required fields with the wizard's §5 messages (checked on change in the web app). */
export const registrationRequiredFields = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(500),
  materialType,
  intendedMedium,
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(200),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(200),
  email: z.string({ error: 'Valid email is required' }).trim().pipe(z.email('Valid email is required')),
  phone: z.string({ error: 'Valid phone number is required' }).trim().min(10, 'Valid phone number is required').max(50),
  address: z.string({ error: 'Complete address is required' }).trim().min(10, 'Complete address is required').max(500),
});

const optionalText = z.string().max(2000).optional();
const flag = z.boolean().optional();

/** Seed 001 §3.1: the whole wizard draft (kept in browser storage across the payment redirect). */
export const registrationDraftSchema = registrationRequiredFields.extend({
  alternativeTitles: optionalText,
  publicationAsContribution: flag,
  collectiveWorkTitle: optionalText,
  volumeNumber: optionalText,
  issueNumber: optionalText,
  issueDate: z
    .string()
    .regex(/^(\d{2}\/\d{2}\/\d{4})?$/, 'Use MM/DD/YYYY')
    .optional(),
  pageNumbers: optionalText,
  description: z.string().max(10_000).optional(),
  authorYearBorn: optionalText,
  authorYearDied: optionalText,
  workMadeForHire: flag,
  employerName: optionalText,
  authorNationality: optionalText,
  authorDomicile: optionalText,
  natureOfAuthorship: optionalText,
  anonymousWork: flag,
  pseudonymousWork: flag,
  pseudonym: optionalText,
  yearOfCreation: optionalText,
  workPublished: flag,
  dateOfPublication: optionalText,
  nationOfPublication: optionalText,
});
export type RegistrationDraft = z.infer<typeof registrationDraftSchema>;

/** The text fields of POST /api/copyright/submit-registration (multipart; the file comes beside them). */
export const registrationSubmissionSchema = registrationRequiredFields
  .extend({
    description: z.string().trim().max(10_000).optional().default(''),
    paymentSessionId: z.string().trim().max(200).optional(),
    paymentIntentId: z.string().trim().max(200).optional(),
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
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.literal('usd', 'Only USD is accepted'))
    .optional()
    .default('usd'),
  payment_type: z.enum(['copyright_registration', 'one-time']).optional().default('one-time'),
  description: z.string().trim().max(500).optional(),
  metadata: z
    .object({
      title: z.string().max(500).optional(),
      email: z.string().max(320).optional(),
      service: z.string().max(200).optional(),
      amount: z.union([z.string(), z.number()]).optional(),
      /** Where the provider sends the browser back after paying: a path on this site. */
      success_path: z
        .string()
        .regex(/^\/(?!\/)[^\s\\]*$/, 'success_path must be a path on this site')
        .max(500)
        .optional(),
      cancel_path: z
        .string()
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
  status: z.enum(['open', 'succeeded', 'failed']),
  paid: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  used: z.boolean(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;
