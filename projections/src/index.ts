// Read models and the runner that keeps them, exported as `@titleledger/projections`.
import type { Migration } from '@titleledger/api/runtime';
import { adminMigrations, adminProjection } from './admin/admin.js';
import { auditLogMigrations, auditLogProjection } from './audit-log/audit-log.js';
import { eventCountsMigrations, eventCountsProjection } from './event-counts/event-counts.js';
import { notificationsMigrations, notificationsProjection } from './notifications/notifications.js';
import { paymentsMigrations, paymentsProjection } from './payments/payments.js';
import { registrationsMigrations, registrationsProjection } from './registrations/registrations.js';
import type { Projection } from './runner/projection.js';
import { runnerMigrations } from './runner/migrations.js';
import { searchMigrations } from './search/search-indexes.js';
import { staffMigrations, staffProjection } from './staff/staff.js';
import { supportMigrations, supportProjection } from './support/support.js';
import { usersMigrations, usersProjection } from './users/users.js';

export * from './runner/projection.js';
export * from './runner/projection-runner.js';
export { storable, storableText } from './runner/storable.js';
export { createProjectionsService } from './service.js';

/** Every read model's tables, in order. The API's queries read these tables. */
export const readModelMigrations: readonly Migration[] = [
  ...runnerMigrations,
  ...auditLogMigrations,
  ...eventCountsMigrations,
  ...usersMigrations,
  ...registrationsMigrations,
  ...searchMigrations, // indexes on registrations: after it
  ...staffMigrations,
  ...notificationsMigrations,
  ...adminMigrations, // indexes on registrations and users: after them
  ...supportMigrations,
  ...paymentsMigrations,
];

/** Every projection the runner keeps up to date. */
export const allProjections: readonly Projection[] = [
  auditLogProjection,
  eventCountsProjection,
  usersProjection,
  registrationsProjection,
  staffProjection,
  notificationsProjection,
  adminProjection,
  supportProjection,
  paymentsProjection,
];
export { supportProjection } from './support/support.js';
export { replayAndDiff, type ReplayOptions, type ReplayVerdict } from './audit/replay.js';
