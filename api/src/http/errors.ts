// The one error format: every failure becomes `{ success: false, error, code, message,
// twoFactorRequired?, details? }` (apiErrorSchema), built here once (`errorBody`). The spec's clients
// show `error`, so it is the sentence a person reads; `code` is the machine code a program switches on.
// AppError and optimistic-concurrency conflicts keep their meaning, malformed input is a 400 (a route
// schema's, or a handler's own `parseInput`), and anything unexpected is a 500 whose detail stays in the log.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { ZodError, type z } from 'zod';
import { AppError, validationError } from '../errors.js';
import { WrongExpectedRevisionError } from '../eventstore/types.js';
import type { ApiError } from '../schemas/errors.js';

/** A failure as it is answered: status, body and any header (Retry-After). */
export interface ErrorReply {
  readonly status: number;
  readonly body: ApiError;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * A failure before it is answered: its machine code, its sentence, and the sentence to show when that
 * is shorter than `message` (a schema's 400 shows its first issue's own words, without the field path).
 */
interface Failure {
  readonly code: string;
  readonly message: string;
  readonly shown?: string;
  readonly details?: unknown;
}

/** The one error body every route answers (apiErrorSchema): `error` is the sentence to show, `code` the machine code. */
export function errorBody({ code, message, shown, details }: Failure): ApiError {
  const twoFactorRequired = (details as { twoFactorRequired?: unknown } | undefined)?.twoFactorRequired === true;
  return {
    success: false,
    error: shown ?? message,
    code,
    message,
    ...(twoFactorRequired ? { twoFactorRequired } : {}),
    ...(details !== undefined ? { details } : {}),
  };
}

export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This content type is not accepted here; send application/json.',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'invalid_request',
    message: 'The address is not valid: part of its path does not decode to text (check the %-escapes).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_request',
    message: 'The Content-Length header does not match the body.',
  },
};

const issuesOf = (validation: readonly FastifySchemaValidationError[], where: string): ValidationIssue[] =>
  validation.map((v) => ({ path: (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.') || where, message: v.message ?? 'Invalid value' }));

function describeValidation(error: FastifyError): Failure {
  const issues = issuesOf(error.validation ?? [], error.validationContext ?? 'request');
  const first = issues[0];
  const message = first
    ? `${first.path === 'body' || first.path === 'querystring' || first.path === 'params' ? '' : `${first.path}: `}${first.message}`
    : 'The request is not valid.';
  return { code: 'validation_error', message, shown: first?.message, details: { in: error.validationContext, issues } };
}

/** A zod error thrown by a handler's own `.parse`: the same 400 as a schema's. */
function describeZod(error: ZodError): Failure {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.') || 'request', message: issue.message }));
  const first = issues[0];
  return {
    code: 'validation_error',
    message: first ? (first.path === 'request' ? first.message : `${first.path}: ${first.message}`) : 'The request is not valid.',
    shown: first?.message,
    details: { issues },
  };
}

/** The answer to any error a route, hook or parser threw; a 500 is logged with its detail. */
export function describeError(error: FastifyError, request: FastifyRequest): ErrorReply {
  const reply = (status: number, failure: Failure, headers: Record<string, string> = {}): ErrorReply => ({ status, body: errorBody(failure), headers });
  if ((error as unknown) instanceof ZodError) return reply(400, describeZod(error as unknown as ZodError));
  if (error instanceof AppError) {
    // A route's own 400 (`validationMessage`, `parseInput`) and every domain error are worded to be shown as they are.
    const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    return reply(error.status, { code: error.code, message: error.message, details: error.details }, typeof retryAfter === 'number' ? { 'retry-after': String(Math.ceil(retryAfter)) } : {});
  }
  if (error instanceof WrongExpectedRevisionError) {
    return reply(409, {
      code: 'conflict',
      message: 'Someone else changed this record at the same time. Reload and try again.',
      details: { stream: error.streamId },
    });
  }
  if (error.validation) return reply(400, describeValidation(error));
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return reply(known.status, { code: known.code, message: known.message });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply(error.statusCode, { code: 'invalid_request', message: error.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply(500, {
    code: 'internal_error',
    message: 'Something went wrong on our side. Try again; if it keeps happening, contact support.',
  });
}

export function sendError(reply: FastifyReply, { status, body, headers }: ErrorReply) {
  return reply.headers(headers).status(status).send(body);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(reply, describeError(error, request)));
}

/** How a route words its 400 from the issues (default: the first issue's own message). */
export type ValidationMessage = (issues: readonly ValidationIssue[]) => string;

const firstMessage: ValidationMessage = (issues) => issues[0]?.message ?? 'The request is not valid.';

/**
 * A route's `schemaErrorFormatter`: its schema's 400 worded by the route (`code: 'validation_error'`,
 * that wording as `error` and `message`, `details: { issues }`), for calls whose callers read the
 * message (the spec's forms).
 */
export function validationMessage(format: ValidationMessage = firstMessage) {
  return (errors: FastifySchemaValidationError[], dataVar: string): Error => {
    const issues = issuesOf(errors, dataVar);
    return validationError(format(issues), { issues });
  };
}

/**
 * The same check where a route schema cannot run (a multipart form's fields, read as they stream):
 * the data, or the standard 400 worded like a route schema's `validationMessage`.
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown, format: ValidationMessage = firstMessage): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'request', message: issue.message }));
  throw validationError(format(issues), { issues });
}
