// One error taxonomy for the whole project: every domain error carries its HTTP meaning,
// and one fastify error handler turns it into the one error body (`errorBody` in http/errors.ts).

export type ErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'service_unavailable';

const statusOf: Record<ErrorCode, number> = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  service_unavailable: 503,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusOf[code];
    this.details = details;
  }
}

export const validationError = (message: string, details?: unknown) =>
  new AppError('validation_error', message, details);
export const unauthorized = (message = 'Sign in to continue.') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('forbidden', message);
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string, details?: unknown) => new AppError('conflict', message, details);
export const unprocessable = (message: string, details?: unknown) =>
  new AppError('unprocessable', message, details);
export const tooManyRequests = (message: string, details?: unknown) =>
  new AppError('too_many_requests', message, details);
