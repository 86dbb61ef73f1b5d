// What the user reads when a call fails: the server's sentence when there is one.
import { describe, expect, test } from 'vitest';

import { errorBody, errorMessage, errorStatus } from './api-error';

const apiError = (status: number, bodyText: string) =>
  Object.assign(new Error(`${status}: ${bodyText}`), { status, bodyText });

describe('errorMessage', () => {
  test('prefers the JSON message, then the JSON error', () => {
    expect(errorMessage(apiError(400, '{"error":"Bad Request","message":"Valid email is required"}'), 'x')).toBe(
      'Valid email is required',
    );
    expect(errorMessage(apiError(401, '{"success":false,"error":"Invalid credentials"}'), 'x')).toBe('Invalid credentials');
  });

  test('uses a plain-text body, but never an HTML page', () => {
    expect(errorMessage(apiError(502, 'Upstream down'), 'x')).toBe('Upstream down');
    expect(errorMessage(apiError(502, '<html>bad gateway</html>'), 'x')).toBe('502: <html>bad gateway</html>');
  });

  test('falls back to the thrown message, then to the fallback', () => {
    expect(errorMessage(new Error('Failed to fetch'), 'fallback')).toBe('Failed to fetch');
    expect(errorMessage(new Error(''), 'fallback')).toBe('fallback');
    expect(errorMessage(undefined, 'fallback')).toBe('fallback');
    expect(errorMessage('nope', 'fallback')).toBe('fallback');
  });
});

describe('errorBody and errorStatus', () => {
  test('read the JSON body and the status of an api error', () => {
    expect(errorBody(apiError(401, '{"twoFactorRequired":true}'))).toEqual({ twoFactorRequired: true });
    expect(errorBody(apiError(401, 'not json'))).toBeNull();
    expect(errorBody(new Error('x'))).toBeNull();
    expect(errorStatus(apiError(429, ''))).toBe(429);
    expect(errorStatus(new Error('x'))).toBeNull();
  });
});
