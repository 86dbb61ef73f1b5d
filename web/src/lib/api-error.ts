// Turns whatever a failed call threw into words for the user. The API answers errors as JSON
// ({ error, message } and, for /api/auth/*, success: false), and the api client throws
// "<status>: <body>"; this digs the server's own sentence back out of that.
type ErrorLike = { status?: unknown; bodyText?: unknown; message?: unknown };

/** The JSON body of a failed response, if the error carries one. */
export function errorBody(error: unknown): Record<string, unknown> | null {
  if (typeof error !== 'object' || error === null) return null;
  const { bodyText } = error as ErrorLike;
  if (typeof bodyText !== 'string' || bodyText === '') return null;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The HTTP status of a failed call, or null when it never got an answer. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status } = error as ErrorLike;
  return typeof status === 'number' ? status : null;
}

/**
 * The best sentence for the user: the server's `message`, else its `error`, else a plain-text
 * body, else the thrown message, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const body = errorBody(error);
  for (const key of ['message', 'error'] as const) {
    const value = body?.[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  if (typeof error === 'object' && error !== null) {
    const { bodyText, message } = error as ErrorLike;
    if (!body && typeof bodyText === 'string' && bodyText.trim() !== '' && !bodyText.trimStart().startsWith('<')) {
      return bodyText.trim();
    }
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
