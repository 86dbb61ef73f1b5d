// The one way the web app talks to the API. Every call sends the HttpOnly session cookie (the page
// never holds a session token: a script, injected or not, cannot read one); the JSON content type
// goes only with a JSON body. A non-OK response throws an
// ApiError whose message is "<status>: <body text or status text>".
import type { QueryFunction } from '@tanstack/react-query';

import { ADMIN_HEADER, ADMIN_HEADER_VALUE, needsAdminHeader } from './admin-mode';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
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
  throw new ApiError(response.status, bodyText, response.statusText);
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

export type On401 = 'returnNull' | 'throw';

/** The generic read: GET the path spelled by the query key's parts joined with '/'. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await send('GET', queryKey.join('/'));
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
