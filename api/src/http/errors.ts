// The one error handler: AppError and optimistic-concurrency conflicts keep their meaning,
// malformed input is a 400, and anything unexpected is a 500 whose detail stays in the log.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors.js';
import { WrongExpectedRevisionError } from '../eventstore/types.js';

interface ErrorBody {
  error: string;
  message: string;
  details?: unknown;
}

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; error: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    error: 'invalid_json',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: 'unsupported_media_type',
    message: 'This content type is not accepted here; send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    error: 'invalid_request',
    message: 'The Content-Length header does not match the body.',
  },
};

function describeValidation(error: FastifyError): ErrorBody {
  const issues = (error.validation ?? []).map((v) => {
    const where = (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
    return { path: where || (error.validationContext ?? 'request'), message: v.message ?? 'Invalid value' };
  });
  const first = issues[0];
  const message = first
    ? `${first.path === 'body' || first.path === 'querystring' || first.path === 'params' ? '' : `${first.path}: `}${first.message}`
    : 'The request is not valid.';
  return { error: 'validation_error', message, details: { in: error.validationContext, issues } };
}

/** A zod error thrown by a handler's own `.parse` (path params, queries): the same 400 as a schema's. */
function describeZod(error: ZodError): ErrorBody {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.') || 'request', message: issue.message }));
  const first = issues[0];
  return {
    error: 'validation_error',
    message: first ? (first.path === 'request' ? first.message : `${first.path}: ${first.message}`) : 'The request is not valid.',
    details: { issues },
  };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if ((error as unknown) instanceof ZodError) return reply.status(400).send(describeZod(error as unknown as ZodError));
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(Math.ceil(retryAfter)));
      return reply.status(error.status).send(body);
    }
    if (error instanceof WrongExpectedRevisionError) {
      return reply.status(409).send({
        error: 'conflict',
        message: 'Someone else changed this record at the same time. Reload and try again.',
        details: { stream: error.streamId },
      });
    }
    if (error.validation) return reply.status(400).send(describeValidation(error));
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.error, message: known.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: 'invalid_request', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: 'internal_error',
      message: 'Something went wrong on our side. Try again; if it keeps happening, contact support.',
    });
  });
}
