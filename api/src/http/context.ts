// Turns a request into the command context every event's metadata is made from.
import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../domain/command-handler.js';
import type { Actor } from '../eventstore/types.js';

/** Who the request acts for. The accounts feature's auth hook sets `request.actor`. */
declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

export function commandContext(request: FastifyRequest, now: Date = new Date()): CommandContext {
  return {
    actor: request.actor ?? { kind: 'anonymous', id: null, role: null },
    correlationId: request.id,
    causationId: null,
    clientIp: request.ip ?? null,
    now,
  };
}
