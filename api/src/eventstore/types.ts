// The event-store port. Every adapter (Postgres, EventStoreDB) passes one contract suite
// (test/eventstore/contract.ts), so the write side never knows which one it talks to.
import type { Position } from './position.js';

export type ActorKind = 'user' | 'admin' | 'system' | 'anonymous';

export interface Actor {
  readonly kind: ActorKind;
  readonly id: string | null;
  readonly role?: string | null;
}

/** Metadata carried by every event. */
export interface EventMetadata {
  readonly eventId: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly actor: Actor;
  readonly clientIp: string | null;
  readonly occurredAt: string;
  readonly schemaVersion: number;
}

/** An event as the write side produces it, before it is stored. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

/** An event as stored: the new event plus where it sits in its stream and in the log. */
export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  readonly streamId: string;
  /** 0-based position within the stream. */
  readonly revision: bigint;
  readonly position: Position;
}

/**
 * What the writer believes about the stream:
 * - 'any': no check;
 * - 'no_stream': the stream must not exist yet;
 * - 'stream_exists': the stream must exist;
 * - a bigint: the revision of the stream's last event must be exactly this.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface AppendResult {
  /** Revision of the last event appended. */
  readonly nextExpectedRevision: bigint;
  /** Position of the last event appended in the global log. */
  readonly position: Position;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after `from` are returned. Default: the start of the log. */
  readonly from?: Position;
  readonly maxCount?: number;
  readonly eventTypes?: readonly string[];
}

export interface Subscription {
  /** Resolves once the subscription has stopped. */
  stop(): Promise<void>;
}

export interface SubscribeAllOptions {
  /** Exclusive start; START (default) delivers the whole log. */
  readonly from?: Position;
  readonly eventTypes?: readonly string[];
  /** Called with each batch in order; the next batch waits for the promise. */
  readonly onEvents: (events: readonly RecordedEvent[]) => Promise<void> | void;
  readonly onError?: (error: unknown) => void;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams in one transaction: every expected revision holds and all the events
   * are written, or nothing is (WrongExpectedRevisionError names the first stream that failed).
   * Results are in the order of `appends`. Optional: an adapter without it leaves callers to their
   * own crash-recovery path (registrations/register.ts); KurrentDB's multi-stream append can fill it.
   */
  appendMany?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up from a position, then live. Never skips or repeats an event. */
  subscribeAll(options: SubscribeAllOptions): Subscription;
  /** The position of the last event visible to readers, or START for an empty log. */
  headPosition(): Promise<Position>;
  /**
   * Committed events that readers cannot see yet, and what holds them back; null when there are
   * none. Optional: only the Postgres adapter's readers wait for older transactions to end (its
   * visibility rule); EventStoreDB shows an event once it is written.
   */
  heldBack?(): Promise<HeldBack | null>;
  close(): Promise<void>;
}

/** Events committed behind a transaction still open (Postgres adapter, `heldBack`). */
export interface HeldBack {
  readonly events: number;
  /** When the oldest of them occurred (its metadata's occurredAt). */
  readonly oldestOccurredAt: string;
  /** The oldest transaction still open on the server, when Postgres lets us see it. */
  readonly holder: {
    readonly pid: number;
    readonly user: string | null;
    readonly database: string | null;
    readonly application: string | null;
    readonly state: string | null;
    /** Null when Postgres hides it (another role's session, without pg_read_all_stats). */
    readonly openSeconds: number | null;
  } | null;
}

/** Optimistic concurrency failed: someone else wrote to the stream first. Maps to HTTP 409. */
export class WrongExpectedRevisionError extends Error {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly actual: bigint | 'no_stream';

  constructor(streamId: string, expected: ExpectedRevision, actual: bigint | 'no_stream') {
    super(
      `Stream ${streamId} was changed by someone else (expected ${String(expected)}, found ${String(actual)}). Reload and try again.`,
    );
    this.name = 'WrongExpectedRevisionError';
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}
