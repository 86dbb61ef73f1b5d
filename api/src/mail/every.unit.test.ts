// The background job of the e-mail senders: a read-model table not made yet (an api started before the
// projections process) is said once, at info, and waited for; any other failure is a warning each time.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { Every } from './every.js';

const missing = Object.assign(new Error('relation "notification_outbox" does not exist'), { code: '42P01' });

let every: Every | null = null;
afterEach(async () => every?.stop());

describe('Every', () => {
  it('waits quietly for a missing table, then runs; other failures stay warnings', async () => {
    const logged: { level: number; msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) });
    // Three turns without the table, one that works, then one other failure, then the table is gone again.
    const outcomes: (Error | null)[] = [missing, missing, missing, null, new Error('connection reset'), missing, missing];
    let calls = 0;
    every = new Every(
      async () => {
        const outcome = outcomes[calls++];
        if (outcome) throw outcome;
      },
      log,
      'notification e-mails: drain failed',
    );
    every.start(1);
    await expect.poll(() => calls).toBeGreaterThanOrEqual(outcomes.length + 1);
    await every.stop();

    const info = logged.filter((l) => l.level === 30).map((l) => l.msg);
    const warn = logged.filter((l) => l.level === 40).map((l) => l.msg);
    const waiting = 'notification e-mails: drain failed: relation "notification_outbox" does not exist; waiting for the projections process to create the read models';
    expect(info).toEqual([waiting, waiting]);
    expect(warn).toEqual(['notification e-mails: drain failed']);
  });
});
