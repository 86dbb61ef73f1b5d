// The one way the web app talks to the API. Every call sends the HttpOnly session cookie (the page
// never holds a session token: a script, injected or not, cannot read one); the JSON content type
// goes only with a JSON body. Every answer is parsed with the route's own response schema from
// `@titleledger/api/schemas` (`apiCall`), so a reply the page cannot use fails here, by name, not
// somewhere in a component. A non-OK response throws an ApiError whose message is
// "<status>: <body text or status text>" (the spec) and whose `body` is the error parsed with the
// shared error schema.
//
// This module is on the landing page's first paint, so it holds no zod at run time: the schemas
// (and zod) load with the first call that needs them (`error-reply.ts` for failed answers, each
// feature's own schema for its answers).
import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';

import { ADMIN_HEADER, ADMIN_HEADER_VALUE, needsAdminHeader } from './admin-mode';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

import type { ErrorReply } from './error-reply';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  /**
   * `body`: the error body, parsed with the shared schema (`readApiError` does it); null when the
   * answer was not one (a proxy's page).
   */
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
    readonly body: ErrorReply | null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
}

/** The ApiError for a failed answer, its body parsed with the shared error schema (loaded now). */
async function readApiError(status: number, bodyText: string, statusText: string): Promise<ApiError> {
  const { parseErrorReply } = await import('./error-reply');
  return new ApiError(status, bodyText, statusText, parseErrorReply(bodyText));
}

/** A successful answer the page cannot use: not JSON, or not the shape its schema says. */
export class UnexpectedReplyError extends Error {
  override readonly name = 'UnexpectedReplyError';

  constructor(
    readonly path: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const first = issues[0];
    super(`The server's answer to ${path} could not be read${first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : ''}. Reload the page and try again.`);
  }
}

function buildHeaders(path: string, jsonBody: boolean): Headers {
  const headers = new Headers();
  if (jsonBody) headers.set('Content-Type', 'application/json');
  if (needsAdminHeader(path, window.location.pathname)) headers.set(ADMIN_HEADER, ADMIN_HEADER_VALUE);
  return headers;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw await readApiError(response.status, bodyText, response.statusText);
}

function send(method: HttpMethod, path: string, body?: unknown): Promise<Response> {
  // Multipart uploads (FormData) let the browser set their own content type and boundary.
  const isForm = body instanceof FormData;
  const hasJsonBody = body !== undefined && !isForm;
  return fetch(path, {
    method,
    credentials: 'include',
    headers: buildHeaders(path, hasJsonBody),
    body: isForm ? body : hasJsonBody ? JSON.stringify(body) : undefined,
  });
}

/** Sends a request and returns the response; throws ApiError when it is not OK. */
export async function apiRequest(method: HttpMethod, path: string, body?: unknown): Promise<Response> {
  const response = await send(method, path, body);
  await throwIfNotOk(response);
  return response;
}

/** A successful JSON answer, parsed with its schema; UnexpectedReplyError when it does not match. */
async function readReply<S extends z.ZodType>(path: string, response: Response, schema: S): Promise<z.output<S>> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new UnexpectedReplyError(path, []);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new UnexpectedReplyError(path, parsed.error.issues);
  return parsed.data;
}

/**
 * The call every feature makes: sends the request and returns the answer parsed with the route's
 * response schema (the same one the server declares). Throws ApiError when it is not OK.
 */
export async function apiCall<S extends z.ZodType>(method: HttpMethod, path: string, schema: S, body?: unknown): Promise<z.output<S>> {
  return readReply(path, await apiRequest(method, path, body), schema);
}

export type On401 = 'returnNull' | 'throw';

/**
 * The QueryClient's default read, for a query that names no queryFn: GET the path spelled by the
 * query key's parts joined with '/'. Every feature query names its own (an `apiCall` with its schema).
 */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await send('GET', queryKey.join('/'));
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
