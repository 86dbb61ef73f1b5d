import { describe, expect, it } from 'vitest';
import { START } from '../eventstore/position.js';
import type { RecordedEvent } from '../eventstore/types.js';
import { allEventTypes, catalogue, eventTypes, isEvent, parseEvent, schemaVersionOf, streamEventTypes, UnknownEventError } from './index.js';

const recorded = (type: string, data: unknown): RecordedEvent => ({
  type,
  data,
  streamId: 'title-TR-COPY-2026-AAAAAAAA',
  revision: 0n,
  position: START,
  metadata: { eventId: 'e', correlationId: 'c', causationId: null, actor: { kind: 'system', id: null }, clientIp: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('the event catalogue', () => {
  it('gives every event type to exactly one stream, with a schema and a positive schema version', () => {
    const types = Object.values(catalogue).flatMap((stream) => Object.keys(stream));
    expect(new Set(types).size).toBe(types.length);
    expect([...allEventTypes()].sort()).toEqual([...types].sort());
    for (const type of allEventTypes()) expect(schemaVersionOf(type)).toBeGreaterThanOrEqual(1);
    expect(streamEventTypes('batch')).toEqual(['BatchSealed', 'RootAnchored']);
  });

  it('isEvent narrows by type and leaves other types out', () => {
    const event = recorded('RegistrationArchived', { trNumber: 'TR-COPY-2026-AAAAAAAA', by: 's1', role: 'admin3', reason: 'Duplicate', cause: 'admin_deleted_registration', at: '2026-01-01T00:00:00.000Z' });
    expect(isEvent(event, 'TitleRegistered')).toBe(false);
    expect(isEvent(event, 'TitleRegistered', 'RegistrationArchived')).toBe(true);
    if (isEvent(event, 'RegistrationArchived')) expect(event.data.trNumber).toBe('TR-COPY-2026-AAAAAAAA');
    expect(eventTypes('TitleRegistered', 'RegistrationArchived')).toEqual(['TitleRegistered', 'RegistrationArchived']);
  });

  it('parseEvent checks the data against its schema and names unknown types', () => {
    const archived = { trNumber: 'TR-COPY-2026-AAAAAAAA', by: 's1', role: 'admin3', reason: 'Duplicate', cause: 'admin_deleted_registration', at: '2026-01-01T00:00:00.000Z' };
    expect(parseEvent(recorded('RegistrationArchived', archived)).data).toEqual(archived);
    expect(() => parseEvent(recorded('RegistrationArchived', { ...archived, at: 'yesterday' }))).toThrow(/"at"/);
    expect(() => parseEvent(recorded('RegistrationArchived', { ...archived, reason: '' }))).toThrow(/"reason"/);
    expect(() => parseEvent(recorded('TitleRenamed', {}))).toThrow(UnknownEventError);
  });
});
