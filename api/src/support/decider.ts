// The support request's write side: one stream per request (`support-<id>`). The visitor submits it
// (SupportRequestSubmitted); staff working the support inbox resolve it and may reopen it
// (SupportRequestResolved, SupportRequestReopened). Resolving a resolved request, or reopening an
// open one, writes nothing: two admins clicking at once agree instead of failing.
import type { Decider } from '../domain/decider.js';
import { assertNever } from '../domain/decider.js';
import { conflict, notFound } from '../errors.js';
import { streamEventTypes } from '../events/index.js';
import type { StaffRole } from '../schemas/staff.js';
import { SUPPORT_MESSAGES, type SupportRequest } from '../schemas/support.js';
import type { SupportEvent } from './events.js';

export const supportStreamId = (id: string) => `support-${id}`;

export type SupportState =
  | { readonly status: 'none' }
  | { readonly status: 'open' | 'resolved'; readonly id: string; readonly ticketNumber: string };

/** A staff member handling a request: who, with which role, and an optional note. */
interface Handling {
  readonly by: string;
  readonly role: StaffRole;
  readonly note: string | null;
  readonly now: Date;
}

export type SupportCommand =
  | {
      readonly type: 'SubmitSupportRequest';
      readonly id: string;
      readonly ticketNumber: string;
      readonly request: SupportRequest;
      readonly now: Date;
    }
  | ({ readonly type: 'ResolveSupportRequest' } & Handling)
  | ({ readonly type: 'ReopenSupportRequest' } & Handling);

export const supportDecider: Decider<SupportState, SupportCommand, SupportEvent> = {
  eventTypes: streamEventTypes('support'),
  initialState: { status: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'SubmitSupportRequest': {
        if (state.status !== 'none') throw conflict(`Support request ${state.ticketNumber} was already submitted.`);
        const { request } = command;
        return [
          {
            type: 'SupportRequestSubmitted',
            data: {
              id: command.id,
              ticketNumber: command.ticketNumber,
              fullName: request.fullName,
              email: request.email,
              subject: request.subject,
              issueType: request.issueType,
              priority: request.priority,
              message: request.message,
              submittedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'ResolveSupportRequest':
      case 'ReopenSupportRequest': {
        if (state.status === 'none') throw notFound(SUPPORT_MESSAGES.noSuchRequest);
        const handled = { id: state.id, ticketNumber: state.ticketNumber, by: command.by, role: command.role, note: command.note };
        if (command.type === 'ResolveSupportRequest') {
          return state.status === 'resolved' ? [] : [{ type: 'SupportRequestResolved', data: { ...handled, resolvedAt: command.now.toISOString() } }];
        }
        return state.status === 'open' ? [] : [{ type: 'SupportRequestReopened', data: { ...handled, reopenedAt: command.now.toISOString() } }];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(_state, event) {
    const { id, ticketNumber } = event.data;
    switch (event.type) {
      case 'SupportRequestSubmitted':
      case 'SupportRequestReopened':
        return { status: 'open', id, ticketNumber };
      case 'SupportRequestResolved':
        return { status: 'resolved', id, ticketNumber };
      default:
        return assertNever(event);
    }
  },
};
