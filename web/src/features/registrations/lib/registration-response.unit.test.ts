import { describe, expect, test } from 'vitest';

import { readPaymentReturn } from './payment-return';
import { isAlreadyUsedMessage, readRegistrationResult, registrationFailureMessage } from './registration-response';

describe('readRegistrationResult (seed 001 §3.5)', () => {
  test('reads snake_case', () => {
    expect(
      readRegistrationResult({
        success: true,
        tr_number: 'TR-COPY-2025-ABCDEFGH',
        cryptographic_hash: 'c'.repeat(64),
        file_content_hash: 'f'.repeat(64),
        registration_date: '2025-01-01T00:00:00.000Z',
        status: 'pending',
      }),
    ).toEqual({
      trNumber: 'TR-COPY-2025-ABCDEFGH',
      cryptographicHash: 'c'.repeat(64),
      fileContentHash: 'f'.repeat(64),
      registrationDate: '2025-01-01T00:00:00.000Z',
      status: 'pending',
    });
  });

  test('reads camelCase', () => {
    expect(readRegistrationResult({ trNumber: 'TR-1', cryptographicHash: 'h', fileContentHash: 'f' })).toMatchObject({
      trNumber: 'TR-1',
      cryptographicHash: 'h',
      fileContentHash: 'f',
    });
  });

  test('names the missing field', () => {
    expect(() => readRegistrationResult({ cryptographic_hash: 'h' })).toThrow('Registration response missing TR number');
    expect(() => readRegistrationResult({ tr_number: 'TR-1' })).toThrow(
      'Registration response missing cryptographic hash',
    );
    expect(() => readRegistrationResult(null)).toThrow('TR number not received from registration response');
  });
});

describe('registrationFailureMessage (seed 001 §8.1)', () => {
  test("shows the error body's error field, the sentence, never its code", () => {
    const body = { success: false, error: 'The file is empty.', code: 'validation_error', message: 'file: The file is empty.' };
    expect(registrationFailureMessage(400, JSON.stringify(body))).toBe('The file is empty.');
  });

  test('falls back to the message when the error field is empty', () => {
    const sentence = 'This payment has already been used for a registration.';
    expect(registrationFailureMessage(409, JSON.stringify({ success: false, error: '', code: 'conflict', message: sentence }))).toBe(sentence);
  });

  test('falls back to the body text, then to the status', () => {
    expect(registrationFailureMessage(502, 'Bad gateway')).toBe('Bad gateway');
    expect(registrationFailureMessage(500, '')).toBe('Registration submission failed (500)');
  });

  test('recognises the already-used message', () => {
    expect(isAlreadyUsedMessage('This payment has Already Been Used.')).toBe(true);
    expect(isAlreadyUsedMessage('Payment not completed')).toBe(false);
  });
});

describe('readPaymentReturn', () => {
  test('accepts session_id with redirect_status=succeeded', () => {
    expect(readPaymentReturn(new URLSearchParams('session_id=lcs_1&redirect_status=succeeded'))).toEqual({
      id: 'lcs_1',
      sessionId: 'lcs_1',
      paymentIntentId: null,
    });
  });

  test('accepts payment_intent with status=succeeded (from the checkout page)', () => {
    expect(readPaymentReturn(new URLSearchParams('payment_intent=pi_1&status=succeeded'))).toEqual({
      id: 'pi_1',
      sessionId: null,
      paymentIntentId: 'pi_1',
    });
  });

  test('ignores anything else', () => {
    expect(readPaymentReturn(new URLSearchParams('session_id=lcs_1'))).toBeNull();
    expect(readPaymentReturn(new URLSearchParams('session_id=lcs_1&redirect_status=failed'))).toBeNull();
    expect(readPaymentReturn(new URLSearchParams('status=succeeded'))).toBeNull();
  });
});
