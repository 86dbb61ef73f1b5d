// The support team's e-mail text: one line per request with its advertised window, the subject
// counting requests and urgent ones.
import { describe, expect, it } from 'vitest';
import { teamAlert } from './team-alerts.js';

const at = new Date('2026-11-27T13:05:09Z');
const one = { ticket_number: 'TL-2026-ABC123', priority: 'high', issue_type: 'registration', submitted_at: at } as const;

describe('teamAlert', () => {
  it('names a single request in the subject', () => {
    const mail = teamAlert([one], 'https://tl.example');
    expect(mail.subject).toBe('New support request TL-2026-ABC123');
    expect(mail.text).toBe(
      'A support request is waiting in the admin portal:\n\n' +
        'TL-2026-ABC123  High (answer within 4-8 hours)  Registration Problem  2026-11-27 13:05 UTC\n\n' +
        'Read and answer it in the Support tab: https://tl.example/admin?tab=support\n' +
        'Reply to the sender by e-mail, then mark the request resolved there.\n',
    );
  });

  it('counts requests and urgent ones in the subject', () => {
    const urgent = { ...one, ticket_number: 'TL-2026-URG001', priority: 'urgent' } as const;
    expect(teamAlert([{ ...one, priority: 'urgent' }], 'x').subject).toBe('New support request TL-2026-ABC123 (urgent)');
    expect(teamAlert([urgent, one], 'x').subject).toBe('2 new support requests (1 urgent)');
    expect(teamAlert([urgent, { ...urgent, ticket_number: 'TL-2026-URG002' }], 'x').subject).toBe('2 new support requests (2 urgent)');
    expect(teamAlert([one, one, one], 'x').subject).toBe('3 new support requests');
  });
});
