import { describe, expect, it } from 'vitest';
import { toNewEvents } from './command-handler.js';
import { assertNever } from './decider.js';

describe('toNewEvents', () => {
  it('stamps every event with the command context as metadata', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    const [event] = toNewEvents(
      [{ type: 'TitleRegistered', data: { tr: 'TR-COPY-2026-ABCDEFGH' } }],
      {
        actor: { kind: 'user', id: 'u1', role: null },
        correlationId: 'corr-1',
        causationId: 'cause-1',
        clientIp: '10.0.0.1',
        now,
      },
      { TitleRegistered: 2 },
    );
    expect(event!.metadata).toMatchObject({
      correlationId: 'corr-1',
      causationId: 'cause-1',
      actor: { kind: 'user', id: 'u1' },
      clientIp: '10.0.0.1',
      occurredAt: '2026-01-02T03:04:05.000Z',
      schemaVersion: 2,
    });
    expect(event!.metadata.eventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('defaults the schema version to 1 and a missing causation to null', () => {
    const [event] = toNewEvents([{ type: 'X', data: {} }], {
      actor: { kind: 'system', id: null },
      correlationId: 'c',
      now: new Date(),
    });
    expect(event!.metadata.schemaVersion).toBe(1);
    expect(event!.metadata.causationId).toBeNull();
    expect(event!.metadata.clientIp).toBeNull();
  });
});

describe('assertNever', () => {
  it('throws naming the value that slipped through', () => {
    expect(() => assertNever('oops' as never)).toThrow(/Unhandled case: "oops"/);
  });
});
