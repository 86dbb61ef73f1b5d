// What the user reads when a call fails: the server's sentence, read from the error body parsed
// with the shared error schema.
import { describe, expect, test } from 'vitest';

import { ApiError } from './api-client';
import { errorBody, errorMessage, errorStatus } from './api-error';
import { parseErrorReply } from './error-reply';

const apiError = (status: number, bodyText: string) => new ApiError(status, bodyText, '', parseErrorReply(bodyText));

describe('errorMessage', () => {
  test("prefers the error body's message, then its error, never its code", () => {
    const body = (error: string, code: string, message: string) => JSON.stringify({ success: false, error, code, message });
    expect(errorMessage(apiError(400, body('Valid email is required', 'validation_error', 'email: Valid email is required')), 'x')).toBe('email: Valid email is required');
    expect(errorMessage(apiError(404, body('Registration not found', 'not_found', '')), 'x')).toBe('Registration not found');
  });

  test('reads the error body with twoFactorRequired ({ success: false, error, code, message, twoFactorRequired })', () => {
    const body = { success: false, error: 'Invalid credentials', code: 'unauthorized', message: 'Invalid credentials', twoFactorRequired: true };
    const error = apiError(401, JSON.stringify(body));
    expect(errorMessage(error, 'x')).toBe('Invalid credentials');
    expect(errorBody(error)).toEqual(body);
  });

  test('uses a plain-text body, but never an HTML page or JSON that is not an error body', () => {
    expect(errorMessage(apiError(502, 'Upstream down'), 'x')).toBe('Upstream down');
    expect(errorMessage(apiError(502, '<html>bad gateway</html>'), 'x')).toBe('502: <html>bad gateway</html>');
    expect(errorMessage(apiError(500, '{"unexpected":true}'), 'x')).toBe('500: {"unexpected":true}');
  });

  test('falls back to the thrown message, then to the fallback', () => {
    expect(errorMessage(new Error('Failed to fetch'), 'fallback')).toBe('Failed to fetch');
    expect(errorMessage(new Error(''), 'fallback')).toBe('fallback');
    expect(errorMessage(undefined, 'fallback')).toBe('fallback');
    expect(errorMessage('nope', 'fallback')).toBe('fallback');
  });
});

describe('errorBody and errorStatus', () => {
  test('read the parsed error body and the status of an api error', () => {
    const body = { success: false, error: 'Sign in', code: 'unauthorized', message: 'Sign in', twoFactorRequired: true, details: { twoFactorRequired: true } };
    expect(errorBody(apiError(401, JSON.stringify(body)))).toEqual(body);
    // The old shape, a code in `error` and no `code`, is not the error body.
    expect(errorBody(apiError(401, '{"error":"unauthorized","message":"Sign in"}'))).toBeNull();
    expect(errorBody(apiError(401, 'not json'))).toBeNull();
    expect(errorBody(apiError(401, '{"twoFactorRequired":true}'))).toBeNull();
    expect(errorBody(new Error('x'))).toBeNull();
    expect(errorStatus(apiError(429, ''))).toBe(429);
    expect(errorStatus(new Error('x'))).toBeNull();
  });
});
