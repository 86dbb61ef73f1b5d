// The admin portal's calls (seed 001 §2.8, §3.9, §4.4, §7.4, §8.3) and the Forever Database: query,
// params, body and response of every /api/admin/* route, GET /api/user/{id}/registrations and the
// archived answer of GET /api/titles/verify/{tr}. Shared by the API (route schemas) and the web app
// (forms and reply parsing). Field names are the seed's, with both spellings where it gives two.
// Browser-safe.
import { z } from 'zod';

import { ACCOUNT_LIMITS } from './accounts.js';
import { REGISTRATION_LIMITS } from './registrations.js';
import { staffRoleSchema } from './staff.js';
import { SUPPORT_ISSUE_TYPES, SUPPORT_MESSAGES, SUPPORT_PRIORITIES } from './support.js';
import { text } from './text.js';

/** The seed's texts (§5 confirmations, §8.3 toasts) and the server's messages for the admin calls. */
export const ADMIN_MESSAGES = {
  deleteRegistrationConfirm: (title: string) => `Delete registration "${title}"? It will be archived permanently.`,
  deleteUserConfirm: (who: string) => `Are you sure you want to delete user ${who}? This will remove all their data permanently`,
  registrationDeletedTitle: 'Registration Deleted',
  registrationDeleted: 'Registration has been archived to Forever Database',
  deleteRegistrationFailed: 'Failed to delete registration',
  userDeletedTitle: 'User Deleted',
  reasonRequired: 'A reason is required',
  noSuchUser: 'No such user',
  noSuchRegistration: 'No such registration',
  noSuchArchivedRegistration: 'This registration is not in the Forever Database',
  nothingToChange: 'Change at least one field',
} as const;

// ---- Paging and search ---------------------------------------------------------------------

export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Past this many matches a filtered list reports `totalCapped: true` instead of counting on. */
export const ADMIN_COUNT_CAP = 1_000;

const pageQuery = {
  /** 1-based. */
  page: z.coerce
    .number({ message: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number({ message: `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}` })
    .int(`pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
    .min(1, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
    .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
};
/** A free-text search box: empty means no filter. */
const searchText = text('Search', { max: 200 }).optional();

/** What every paged list answers beside its rows. */
const pageInfo = {
  page: z.number(),
  pageSize: z.number(),
  /** Rows matching the filter; a lower bound when `totalCapped`. */
  total: z.number(),
  /** True when more than ADMIN_COUNT_CAP rows match and `total` stopped counting there. */
  totalCapped: z.boolean(),
  hasMore: z.boolean(),
};

/** A reason an admin gives for an action (required where the seed or the issue says so). */
export const adminReasonSchema = text('Reason', {
  min: 3,
  max: 1000,
  multiline: true,
  minMessage: ADMIN_MESSAGES.reasonRequired,
  requiredMessage: ADMIN_MESSAGES.reasonRequired,
});

// ---- Params --------------------------------------------------------------------------------

/** /api/admin/users/{id}, /api/user/{id}/registrations: a creator account's id. */
export const adminUserIdParamsSchema = z.object({ id: z.uuid({ message: ADMIN_MESSAGES.noSuchUser }) });
export type AdminUserIdParams = z.infer<typeof adminUserIdParamsSchema>;

/** /api/admin/titles/{id}, /api/admin/forever-database/{id}/restore: a registration's id is its TR number. */
export const adminTitleIdParamsSchema = z.object({
  id: z
    .string({ message: ADMIN_MESSAGES.noSuchRegistration })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^TR-COPY-\d{4}-[0-9A-Z]{8}$/, 'The registration id is its TR number, like TR-COPY-2026-AB12CD34')),
});
export type AdminTitleIdParams = z.infer<typeof adminTitleIdParamsSchema>;

// ---- Overview and analytics ----------------------------------------------------------------

/** GET /api/admin/global-stats (seed 3.9's admin stats). Non-active is total − active. */
export const adminGlobalStatsSchema = z.object({
  totalRegistrations: z.number(),
  activeRegistrations: z.number(),
  /** Archived (in the Forever Database): totalRegistrations − activeRegistrations. */
  nonActiveRegistrations: z.number(),
  totalUsers: z.number(),
  /** Registered since the start of the current UTC month (archived ones included, as the seed counts them). */
  thisMonthRegistrations: z.number(),
  /** Distinct material types among active registrations (the Analytics card). */
  materialTypeCount: z.number(),
});
export type AdminGlobalStats = z.infer<typeof adminGlobalStatsSchema>;

export const ADMIN_PERIODS = ['day', 'week', 'month'] as const;
export type AdminPeriod = (typeof ADMIN_PERIODS)[number];

/** GET /api/admin/registrations-by-period?period=day|week|month&limit=N: the latest N buckets. */
export const registrationsByPeriodQuerySchema = z.object({
  period: z.enum(ADMIN_PERIODS, { message: 'period must be day, week or month' }).default('day'),
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 366' })
    .int('limit must be a whole number from 1 to 366')
    .min(1, 'limit must be a whole number from 1 to 366')
    .max(366, 'limit must be a whole number from 1 to 366')
    .default(30),
});
export type RegistrationsByPeriodQuery = z.infer<typeof registrationsByPeriodQuerySchema>;

export const registrationsByPeriodSchema = z.object({
  period: z.enum(ADMIN_PERIODS),
  /** Oldest first; buckets without registrations are present with 0 (a chart's x axis is continuous). */
  points: z.array(
    z.object({
      /** The bucket's first day, YYYY-MM-DD (UTC; weeks start on Monday). */
      periodStart: z.string(),
      /** Registered in the bucket (archived ones included: they were registered). */
      count: z.number(),
      /** Of those, still active. */
      active: z.number(),
    }),
  ),
});
export type RegistrationsByPeriod = z.infer<typeof registrationsByPeriodSchema>;

/** GET /api/admin/material-type-stats: active registrations per type, most first. */
export const materialTypeStatsSchema = z.object({
  types: z.array(
    z.object({
      materialType: z.string(),
      material_type: z.string(),
      count: z.number(),
      /** ISO time of the latest registration of this type. */
      latestDate: z.string(),
    }),
  ),
});
export type MaterialTypeStats = z.infer<typeof materialTypeStatsSchema>;

/** GET /api/admin/registrations-by-geo: active registrations by the registrant's profile country, most first. */
export const registrationsByGeoSchema = z.object({
  countries: z.array(z.object({ country: z.string(), count: z.number() })),
});
export type RegistrationsByGeo = z.infer<typeof registrationsByGeoSchema>;

// ---- Users ---------------------------------------------------------------------------------

/** GET /api/admin/users?q=&page=&pageSize=: search by e-mail or name. */
export const adminUsersQuerySchema = z.object({ q: searchText, ...pageQuery });
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** A creator account as admins see it (seed 3.9). */
export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  country: z.string(),
  createdAt: z.string(),
  /** Every registration of theirs (archived ones included). */
  registrationCount: z.number(),
  activeRegistrationCount: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), ...pageInfo });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** PUT /api/admin/users/{id} (admin2+): the profile fields an admin may correct, any subset, with a reason. */
export const adminUserUpdateRequestSchema = z
  .object({
    fullName: text('Full name', { max: ACCOUNT_LIMITS.name, min: 1, name: true }).optional(),
    firstName: text('First name', { max: ACCOUNT_LIMITS.name, min: 1, name: true }).optional(),
    lastName: text('Last name', { max: ACCOUNT_LIMITS.name, min: 1, name: true }).optional(),
    phone: text('Phone', { max: ACCOUNT_LIMITS.phone, min: 10, minMessage: 'Valid phone number is required' }).optional(),
    address: text('Address', { max: ACCOUNT_LIMITS.address, min: 10, minMessage: 'Complete address is required' }).optional(),
    city: text('City', { max: ACCOUNT_LIMITS.city, min: 1 }).optional(),
    state: text('State', { max: ACCOUNT_LIMITS.region, min: 1 }).optional(),
    zipCode: text('Zip code', { max: ACCOUNT_LIMITS.zipCode, min: 5, minMessage: 'Valid zip code is required' }).optional(),
    country: text('Country', { max: ACCOUNT_LIMITS.country, min: 1 }).optional(),
    reason: adminReasonSchema,
  })
  .refine((v) => Object.entries(v).some(([key, value]) => key !== 'reason' && value !== undefined), {
    message: ADMIN_MESSAGES.nothingToChange,
    path: ['fullName'],
  });
export type AdminUserUpdateRequest = z.infer<typeof adminUserUpdateRequestSchema>;

/** DELETE /api/admin/users/{id} (admin3+): the body. */
export const adminDeleteRequestSchema = z.object({ reason: adminReasonSchema }, { error: ADMIN_MESSAGES.reasonRequired });
export type AdminDeleteRequest = z.infer<typeof adminDeleteRequestSchema>;

/** DELETE /api/admin/users/{id}: 200 also when the account was deleted already (idempotent). */
export const adminUserDeletedSchema = z.object({
  success: z.literal(true),
  userId: z.string(),
  /** False when the account was already deleted: nothing was appended. */
  deleted: z.boolean(),
  /** Registrations of theirs archived by this call. */
  archivedRegistrations: z.number(),
  message: z.string(),
});
export type AdminUserDeleted = z.infer<typeof adminUserDeletedSchema>;

// ---- Registrations -------------------------------------------------------------------------

export const ADMIN_REGISTRATION_STATUSES = ['pending', 'registered', 'archived'] as const;
export type AdminRegistrationStatus = (typeof ADMIN_REGISTRATION_STATUSES)[number];

/**
 * GET /api/admin/registrations?q=&materialType=&status=&page=&pageSize=: search by title, TR number or
 * owner e-mail. It holds active registrations (pending and registered); archived ones are listed by
 * the Forever Database (admin3+).
 */
export const adminRegistrationsQuerySchema = z.object({
  q: searchText,
  materialType: text('Material type', { max: 100 }).optional(),
  status: z.enum(['pending', 'registered'], { message: 'status must be pending or registered' }).optional(),
  ...pageQuery,
});
export type AdminRegistrationsQuery = z.infer<typeof adminRegistrationsQuerySchema>;

/** A registration as admins see it (seed 3.9, both spellings). */
export const adminRegistrationSchema = z.object({
  /** The TR number: the registration's id everywhere in the admin API. */
  id: z.string(),
  title: z.string(),
  tr_number: z.string(),
  trNumber: z.string(),
  material_type: z.string(),
  materialType: z.string(),
  intendedMedium: z.string(),
  description: z.string(),
  status: z.enum(ADMIN_REGISTRATION_STATUSES),
  /** The anchored SHA-256 (the cryptographic hash); a correction never changes it. */
  blockchain_hash: z.string(),
  created_at: z.string(),
  createdAt: z.string(),
  ownerId: z.string(),
  /** Null once the owner's account was deleted (crypto-shredded). */
  owner_email: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  /** The title as registered and hashed, when a correction changed the shown title; else null. */
  registeredTitle: z.string().nullable(),
  /** Corrections made by admins (newest last). */
  corrections: z.number(),
});
export type AdminRegistration = z.infer<typeof adminRegistrationSchema>;

export const adminRegistrationsPageSchema = z.object({ registrations: z.array(adminRegistrationSchema), ...pageInfo });
export type AdminRegistrationsPage = z.infer<typeof adminRegistrationsPageSchema>;

/** GET /api/user/{id}/registrations (staff only): the user and every registration of theirs, newest first. */
export const adminUserRegistrationsSchema = z.object({
  user: adminUserSchema,
  registrations: z.array(adminRegistrationSchema),
});
export type AdminUserRegistrations = z.infer<typeof adminUserRegistrationsSchema>;

/**
 * PUT /api/admin/titles/{id} (admin2+): a correction of the editable metadata, with a reason. The
 * hashed registration (and its anchored hash) never changes; the correction is an event shown beside it.
 */
export const adminRegistrationCorrectionRequestSchema = z
  .object({
    title: text('Title', { name: true, min: 1, max: REGISTRATION_LIMITS.title }).optional(),
    description: text('Description', { multiline: true, max: REGISTRATION_LIMITS.description }).optional(),
    reason: adminReasonSchema,
  })
  .refine((v) => v.title !== undefined || v.description !== undefined, {
    message: ADMIN_MESSAGES.nothingToChange,
    path: ['title'],
  });
export type AdminRegistrationCorrectionRequest = z.infer<typeof adminRegistrationCorrectionRequestSchema>;

/** DELETE /api/admin/titles/{id} (admin3+, body `adminDeleteRequestSchema`): 200 also when archived already. */
export const adminRegistrationArchivedSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  /** False when it was already in the Forever Database: nothing was appended. */
  archived: z.boolean(),
  message: z.string(),
});
export type AdminRegistrationArchived = z.infer<typeof adminRegistrationArchivedSchema>;

// ---- The Forever Database ------------------------------------------------------------------

/** GET /api/admin/forever-database?q=&page=&pageSize= (admin3+): search by title, TR number, owner e-mail or reason. */
export const foreverDatabaseQuerySchema = z.object({ q: searchText, ...pageQuery });
export type ForeverDatabaseQuery = z.infer<typeof foreverDatabaseQuerySchema>;

/** One archived registration: who archived it, when and why. */
export const archivedRegistrationSchema = z.object({
  id: z.string(),
  tr_number: z.string(),
  trNumber: z.string(),
  title: z.string(),
  materialType: z.string(),
  material_type: z.string(),
  blockchain_hash: z.string(),
  createdAt: z.string(),
  ownerId: z.string(),
  /** Null once the owner's account was deleted. */
  ownerEmail: z.string().nullable(),
  archivedAt: z.string(),
  /** The staff account that archived it; null when the owner deleted their own account. */
  archivedBy: z.string().nullable(),
  archivedByEmail: z.string().nullable(),
  archivedByRole: staffRoleSchema.nullable(),
  /** Why: an admin's reason, or the account deletion that took it there. */
  reason: z.string(),
  cause: z.enum(['admin_deleted_registration', 'admin_deleted_user', 'owner_deleted_account']),
});
export type ArchivedRegistration = z.infer<typeof archivedRegistrationSchema>;

export const foreverDatabasePageSchema = z.object({ records: z.array(archivedRegistrationSchema), ...pageInfo });
export type ForeverDatabasePage = z.infer<typeof foreverDatabasePageSchema>;

/** POST /api/admin/forever-database/{id}/restore (master_admin): an optional reason. */
export const restoreRegistrationRequestSchema = z.object({
  reason: text('Reason', { max: 1000, multiline: true }).optional(),
});
export type RestoreRegistrationRequest = z.infer<typeof restoreRegistrationRequestSchema>;

export const registrationRestoredSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  /** False when it was not archived: nothing was appended. */
  restored: z.boolean(),
  message: z.string(),
});
export type RegistrationRestoredReply = z.infer<typeof registrationRestoredSchema>;

// ---- The support inbox ---------------------------------------------------------------------

export const SUPPORT_INBOX_STATUSES = ['open', 'resolved', 'all'] as const;

/**
 * GET /api/admin/support-requests?status=&q=&page=&pageSize= (admin1+): the support form's and the
 * contact page's requests. Open ones come most urgent first, then oldest first (the queue to work);
 * resolved ones, latest resolved first; all, newest first.
 */
export const supportInboxQuerySchema = z.object({
  status: z.enum(SUPPORT_INBOX_STATUSES, 'status must be open, resolved or all').default('open'),
  q: searchText,
  ...pageQuery,
});
export type SupportInboxQuery = z.infer<typeof supportInboxQuerySchema>;

/** /api/admin/support-requests/{id}/…: a support request's id. */
export const supportRequestIdParamsSchema = z.object({ id: z.uuid({ message: SUPPORT_MESSAGES.noSuchRequest }) });

/** One support request as the inbox shows it. */
export const supportInboxItemSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  fullName: z.string(),
  email: z.string(),
  subject: z.string(),
  issueType: z.enum(SUPPORT_ISSUE_TYPES),
  priority: z.enum(SUPPORT_PRIORITIES),
  message: z.string(),
  submittedAt: z.string(),
  status: z.enum(['open', 'resolved']),
  /** The last resolution or reopening: when, by whom (their e-mail while their account exists), and their note. */
  handledAt: z.string().nullable(),
  handledByEmail: z.string().nullable(),
  handledByRole: staffRoleSchema.nullable(),
  note: z.string().nullable(),
});
export type SupportInboxItem = z.infer<typeof supportInboxItemSchema>;

export const supportInboxPageSchema = z.object({
  requests: z.array(supportInboxItemSchema),
  /** Open requests in all, whatever the filter. */
  openCount: z.number(),
  ...pageInfo,
});
export type SupportInboxPage = z.infer<typeof supportInboxPageSchema>;

/** POST /api/admin/support-requests/{id}/resolve and …/reopen (admin2+): an optional note. */
export const handleSupportRequestSchema = z.object({
  note: text('Note', { max: 1000, multiline: true }).optional(),
});
export type HandleSupportRequest = z.infer<typeof handleSupportRequestSchema>;

export const supportRequestHandledSchema = z.object({
  success: z.literal(true),
  /** False when it already was where the call would take it: nothing was appended. */
  changed: z.boolean(),
  request: supportInboxItemSchema,
});
export type SupportRequestHandled = z.infer<typeof supportRequestHandledSchema>;

// ---- Public verification -------------------------------------------------------------------

/** GET /api/titles/verify/{tr} of an active registration: its public fields. */
export const verifiedTitleSchema = z.object({
  archived: z.literal(false),
  tr_number: z.string(),
  title: z.string(),
  material_type: z.string(),
  intended_medium: z.string(),
  status: z.string(),
  registration_date: z.string(),
  cryptographic_hash: z.string(),
  file_content_hash: z.string(),
  registrant_name: z.string(),
});

/**
 * GET /api/titles/verify/{tr} of an archived registration: that it existed, whether it was anchored
 * (its proof still verifies from GET /api/ledger/proof/{tr} and from `.tr` files issued), and when it
 * was archived. No title, name or other personal data.
 */
export const archivedTitleVerificationSchema = z.object({
  archived: z.literal(true),
  tr_number: z.string(),
  status: z.literal('archived'),
  registration_date: z.string(),
  cryptographic_hash: z.string(),
  file_content_hash: z.string(),
  anchored: z.boolean(),
  archived_at: z.string(),
  message: z.string(),
});

export const titleVerificationSchema = z.discriminatedUnion('archived', [verifiedTitleSchema, archivedTitleVerificationSchema]);
export type TitleVerification = z.infer<typeof titleVerificationSchema>;

/** Which of a registration's two hashes a looked-up hash is. */
const matchedSchema = z.enum(['file_content_hash', 'cryptographic_hash']);

/**
 * GET /api/titles/by-hash/{sha256}: the registrations whose file content hash (or registration hash)
 * it is, oldest first, each as GET /api/titles/verify/{tr} answers it (an archived one without title
 * or name), with which hash matched. Empty when none has it.
 */
export const titleHashLookupSchema = z.object({
  hash: z.string(),
  matches: z.array(
    z.discriminatedUnion('archived', [verifiedTitleSchema.extend({ matched: matchedSchema }), archivedTitleVerificationSchema.extend({ matched: matchedSchema })]),
  ),
});
export type TitleHashLookup = z.infer<typeof titleHashLookupSchema>;
