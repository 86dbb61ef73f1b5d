// The request rules from the spec (sections 7 and 8 of part 1), checked with fetch and the
// browser globals stubbed: cookies only (no token header), body and admin mode; error text; 401 handling.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

import { z } from 'zod';

import { apiCall, apiRequest, getQueryFn, UnexpectedReplyError } from './api-client';

type Call = { url: string; init: RequestInit };

let calls: Call[];
let nextResponse: () => Response;
let storage: Map<string, string>;

function stubBrowser(pathname: string) {
  storage = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('window', { location: { pathname } });
}

beforeEach(() => {
  calls = [];
  nextResponse = () => new Response('{}', { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return nextResponse();
  });
  stubBrowser('/dashboard');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const headersOf = (index = 0) => new Headers(calls[index]?.init.headers);

describe('apiRequest', () => {
  test('always sends cookies and no content type without a body', async () => {
    await apiRequest('GET', '/api/titles/user');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(headersOf().has('Content-Type')).toBe(false);
    expect(headersOf().has('Authorization')).toBe(false);
    expect(calls[0]?.init.body).toBeUndefined();
  });

  test('sends a JSON body with the JSON content type, and the cookie only: never a token from storage', async () => {
    // What the web app stored before issue 12: a token a script could read. It must not be sent.
    storage.set('auth_token', 'tok-1');
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.c', password: 'secret' });
    expect(headersOf().get('Content-Type')).toBe('application/json');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(headersOf().has('Authorization')).toBe(false);
    expect(calls[0]?.init.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'secret' }));
  });

  test('throws "<status>: <body>" on a non-OK response, or the status text when the body is empty', async () => {
    nextResponse = () => new Response('Title not found', { status: 404 });
    await expect(apiRequest('GET', '/api/titles/verify/TR-1')).rejects.toThrow('404: Title not found');
    nextResponse = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(apiRequest('GET', '/api/titles/user')).rejects.toThrow('503: Service Unavailable');
  });

  describe('the admin header', () => {
    test('goes to /api/admin/ paths when admin mode is on', async () => {
      storage.set('adminAuth', 'true');
      await apiRequest('GET', '/api/admin/users');
      expect(headersOf().get('x-admin-auth')).toBe('admin-authenticated');
    });

    test('goes to /api/user/ paths only while on an admin page', async () => {
      storage.set('adminAuth', 'true');
      await apiRequest('GET', '/api/user/7/registrations');
      expect(headersOf(0).has('x-admin-auth')).toBe(false);

      stubBrowser('/admin');
      storage.set('adminAuth', 'true');
      await apiRequest('GET', '/api/user/7/registrations');
      expect(headersOf(1).get('x-admin-auth')).toBe('admin-authenticated');
    });

    test('is never sent when admin mode is off', async () => {
      stubBrowser('/admin');
      await apiRequest('GET', '/api/admin/users');
      expect(headersOf().has('x-admin-auth')).toBe(false);
    });
  });
});

describe('apiCall', () => {
  const stats = z.object({ totalRegistrations: z.number() });

  test("returns the answer parsed with the route's schema", async () => {
    nextResponse = () => Response.json({ totalRegistrations: 3, extra: 'dropped' });
    await expect(apiCall('GET', '/api/user/stats', stats)).resolves.toEqual({ totalRegistrations: 3 });
  });

  test('refuses an answer that is not the shape the schema says, naming the call and the field', async () => {
    nextResponse = () => Response.json({ totalRegistrations: 'three' });
    const failure = apiCall('GET', '/api/user/stats', stats);
    await expect(failure).rejects.toBeInstanceOf(UnexpectedReplyError);
    await expect(apiCall('GET', '/api/user/stats', stats)).rejects.toThrow(/\/api\/user\/stats.*totalRegistrations/);
    nextResponse = () => new Response('<html>', { status: 200 });
    await expect(apiCall('GET', '/api/user/stats', stats)).rejects.toBeInstanceOf(UnexpectedReplyError);
  });

  test('throws ApiError with the error body parsed on a failure', async () => {
    const body = { success: false, error: 'Registration not found', code: 'not_found', message: 'Registration not found' };
    nextResponse = () => Response.json(body, { status: 404 });
    await expect(apiCall('GET', '/api/titles/verify/TR-1', stats)).rejects.toMatchObject({ status: 404, body });
  });
});

describe('getQueryFn', () => {
  const run = (on401: 'returnNull' | 'throw', queryKey: readonly unknown[]) =>
    getQueryFn<unknown>({ on401 })({ queryKey } as never);

  test('GETs the path spelled by the joined query key', async () => {
    nextResponse = () => Response.json({ totalRegistrations: 3 });
    await expect(run('throw', ['/api/titles', 'user'])).resolves.toEqual({ totalRegistrations: 3 });
    expect(calls[0]?.url).toBe('/api/titles/user');
    expect(calls[0]?.init.method).toBe('GET');
  });

  test('returns null on 401 when asked to, and throws otherwise', async () => {
    nextResponse = () => new Response('Unauthorized', { status: 401 });
    await expect(run('returnNull', ['/api/user/profile'])).resolves.toBeNull();
    await expect(run('throw', ['/api/user/profile'])).rejects.toThrow('401: Unauthorized');
  });
});
