// The event log's leaf bytes (docs/log-format.md): each event in global order is one leaf, and its bytes
// are the RFC 8785 (JCS) canonical JSON of its stored fields, UTF-8. Anyone holding an entry can
// re-derive them with any JCS implementation; the leaf hash is SHA-256(0x00 || bytes) (RFC 6962).
import { hash as oneShotHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { LEAF_PREFIX } from '../merkle/index.js';

/** Names the leaf encoding; a new encoding would be a new log. */
export const LEAF_FORMAT = 'titleledger.event/v1';

/** One event as the log stores it (data and metadata are the decoded jsonb columns). */
export interface LogEvent {
  readonly eventId: string;
  readonly streamId: string;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
}

/** The leaf's bytes: JCS of {format, eventId, streamId, revision, type, data, metadata}. */
export function canonicalEventBytes(event: LogEvent): Buffer {
  const json = canonicalize({
    format: LEAF_FORMAT,
    eventId: event.eventId,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  });
  if (json === undefined) throw new Error(`Event ${event.eventId} has no canonical form`);
  return Buffer.from(json, 'utf8');
}

export function sha256(bytes: Uint8Array): Uint8Array {
  return oneShotHash('sha256', bytes, 'buffer');
}

/** RFC 6962 leaf hash of an event: SHA-256(0x00 || canonical bytes). */
export function eventLeafHash(bytes: Uint8Array): Uint8Array {
  const input = Buffer.allocUnsafe(1 + bytes.length);
  input[0] = LEAF_PREFIX;
  input.set(bytes, 1);
  return sha256(input);
}
