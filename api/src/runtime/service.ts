// A service is a long-running part of the system (projections, ledger…) that the embedded
// launcher composes into one process, and that also runs alone in production.
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { EventStore } from '../eventstore/types.js';

export interface ComponentHealth {
  readonly status: 'ok' | 'degraded' | 'down';
  readonly details?: Record<string, unknown>;
}

export interface ServiceContext {
  readonly config: Config;
  /** The application database: read models, and the event log when it lives in Postgres. */
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly log: Logger;
}

export interface Service {
  readonly name: string;
  start(): Promise<void>;
  /** Finishes the work in hand, then stops: nothing half-done is lost. */
  stop(): Promise<void>;
  health(): Promise<ComponentHealth>;
}

export type ServiceFactory = (context: ServiceContext) => Service | Promise<Service>;
