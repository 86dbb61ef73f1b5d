// The support request's write side: one stream per request (`support-<id>`) holding one fact,
// SupportRequestSubmitted (events.ts).
import type { Decider } from '../domain/decider.js';
import { conflict } from '../errors.js';
import { streamEventTypes } from '../events/index.js';
import type { SupportRequest } from '../schemas/support.js';
import type { SupportEvent } from './events.js';

export const supportStreamId = (id: string) => `support-${id}`;

export type SupportState = { readonly status: 'none' } | { readonly status: 'submitted'; readonly ticketNumber: string };

export type SupportCommand = {
  readonly type: 'SubmitSupportRequest';
  readonly id: string;
  readonly ticketNumber: string;
  readonly request: SupportRequest;
  readonly now: Date;
};

export const supportDecider: Decider<SupportState, SupportCommand, SupportEvent> = {
  eventTypes: streamEventTypes('support'),
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
