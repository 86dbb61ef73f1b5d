import { describe, it } from 'vitest';
import { specification } from '../../../test/support/decider-spec.js';
import { supportDecider } from './decider.js';
import type { SupportEvent } from './events.js';

const now = new Date('2026-11-27T12:00:00.000Z');
const request = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Certificate download',
  issueType: 'registration',
  priority: 'high',
  message: 'My certificate PDF does not open after download.',
} as const;
const submitted: SupportEvent = {
  type: 'SupportRequestSubmitted',
  data: { ...request, id: 'r1', ticketNumber: 'TL-2026-7KQ2MX', submittedAt: '2026-11-27T10:00:00.000Z' },
};
const handled = { id: 'r1', ticketNumber: 'TL-2026-7KQ2MX', by: 'a1', role: 'admin2', note: null } as const;
const resolved: SupportEvent = { type: 'SupportRequestResolved', data: { ...handled, resolvedAt: '2026-11-27T11:00:00.000Z' } };
const reopened: SupportEvent = { type: 'SupportRequestReopened', data: { ...handled, reopenedAt: '2026-11-27T11:30:00.000Z' } };

const resolve = { type: 'ResolveSupportRequest', by: 'a2', role: 'admin3', note: 'Replied by e-mail', now } as const;
const reopen = { type: 'ReopenSupportRequest', by: 'a2', role: 'admin3', note: null, now } as const;
const { given } = specification(supportDecider);

describe('support decider', () => {
  it('records a submitted request once', () => {
    given().when({ type: 'SubmitSupportRequest', id: 'r1', ticketNumber: 'TL-2026-7KQ2MX', request, now })
      .then([{ ...submitted, data: { ...submitted.data, submittedAt: now.toISOString() } }]);
    given(submitted).when({ type: 'SubmitSupportRequest', id: 'r1', ticketNumber: 'TL-2026-7KQ2MX', request, now }).thenThrows(409, /already submitted/);
  });

  it('resolves an open request, with who resolved it and their note', () => {
    given(submitted)
      .when(resolve)
      .then([{ type: 'SupportRequestResolved', data: { id: 'r1', ticketNumber: 'TL-2026-7KQ2MX', by: 'a2', role: 'admin3', note: 'Replied by e-mail', resolvedAt: now.toISOString() } }]);
    given(submitted, resolved, reopened).when(resolve).then([{ type: 'SupportRequestResolved', data: { by: 'a2' } }]);
  });

  it('reopens a resolved request', () => {
    given(submitted, resolved)
      .when(reopen)
      .then([{ type: 'SupportRequestReopened', data: { id: 'r1', by: 'a2', role: 'admin3', note: null, reopenedAt: now.toISOString() } }]);
  });

  it('writes nothing when the request is already where the command would take it', () => {
    given(submitted, resolved).when(resolve).thenNothing();
    given(submitted).when(reopen).thenNothing();
    given(submitted, resolved, reopened).when(reopen).thenNothing();
  });

  it('refuses to handle a request that was never submitted', () => {
    given().when(resolve).thenThrows(404, /No such support request/);
    given().when(reopen).thenThrows(404, /No such support request/);
  });
});
