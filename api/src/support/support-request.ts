// The support request's write side: one stream per request (`support-<id>`) holding one fact,
// SupportRequestSubmitted. Visitors are usually anonymous, so the name and e-mail travel in the
// event itself (the least needed to answer them) rather than sealed under a user key.
import type { Decider } from '../domain/decider.js';
import { conflict } from '../errors.js';
import type { SupportIssueType, SupportPriority, SupportRequest } from '../schemas/support.js';

export const supportStreamId = (id: string) => `support-${id}`;

export interface SupportRequestSubmittedData {
  readonly id: string;
  readonly ticketNumber: string;
  readonly fullName: string;
  readonly email: string;
  readonly subject: string;
  readonly issueType: SupportIssueType;
  readonly priority: SupportPriority;
  readonly message: string;
  readonly submittedAt: string;
}

export type SupportEvent = { readonly type: 'SupportRequestSubmitted'; readonly data: SupportRequestSubmittedData };

export type SupportState = { readonly status: 'none' } | { readonly status: 'submitted'; readonly ticketNumber: string };

export type SupportCommand = {
  readonly type: 'SubmitSupportRequest';
  readonly id: string;
  readonly ticketNumber: string;
  readonly request: SupportRequest;
  readonly now: Date;
};

export const supportSchemaVersions = { SupportRequestSubmitted: 1 } as const;

export const supportDecider: Decider<SupportState, SupportCommand, SupportEvent> = {
  initialState: { status: 'none' },
  decide(command, state) {
    if (state.status === 'submitted') throw conflict(`Support request ${state.ticketNumber} was already submitted.`);
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
  },
  evolve(_state, event) {
    return { status: 'submitted', ticketNumber: event.data.ticketNumber };
  },
};
