// Turns whatever a failed call threw into words for the user. A failed answer is an ApiError whose
// `body` was parsed with the shared error schema (`{ success: false, error, code, message, details? }`,
// `error` and `message` both sentences, `code` the machine code); this picks the server's own sentence from it.
import { ApiError } from './api-client';
import type { ErrorReply } from './error-reply';

/** The parsed error body of a failed call, if the error carries one. */
export function errorBody(error: unknown): ErrorReply | null {
  return error instanceof ApiError ? error.body : null;
}

/** The HTTP status of a failed call, or null when it never got an answer. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * The best sentence for the user: the server's `message`, else its `error`, else a plain-text
 * body (never an HTML page), else the thrown message, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const body = errorBody(error);
  if (body) {
    for (const value of [body.message, body.error]) if (value.trim() !== '') return value;
  }
  if (error instanceof ApiError && !body) {
    const text = error.bodyText.trim();
    if (text !== '' && !text.startsWith('<') && !isJson(text)) return text;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
