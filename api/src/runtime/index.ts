// Runtime pieces shared by every entry point (embedded launcher, standalone services, tests).
export { startEmbeddedPostgres, ensureDatabase, type EmbeddedPostgresHandle } from './embedded-postgres.js';
export { freePort, holdFreePort, type HeldPort } from './ports.js';
export { createPool, inTransaction } from '../db/pool.js';
export { migrate, type Migration } from '../db/migrate.js';
export { loadConfig, ConfigError, PRODUCTION_SETTINGS, PROGRAM_SETTINGS, SECRET_SETTINGS, type Config, type ProcessRole } from '../config.js';
export type { Service, ServiceContext, ServiceFactory, ComponentHealth } from './service.js';
export { runApp, type RunAppOptions, type RunningApp } from './run-app.js';
export { apiMigrations } from '../accounts/migrations.js';
export { LeaderLock, LOST_MESSAGE, type LeaderLockLog, type LeaderLockOptions } from './leader-lock.js';
export { CheckpointTable, CheckpointedSubscription, type CheckpointedSubscriptionOptions } from './checkpointed-subscription.js';
export { CommittedNotifier, READ_MODELS_CHANNEL, type CheckpointsMoved } from '../db/notifications.js';
