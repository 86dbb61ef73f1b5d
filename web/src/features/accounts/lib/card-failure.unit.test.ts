// Which of seed 000 §8's two failure toasts a failed "Add Payment Method" shows.
import { describe, expect, test } from 'vitest';

import { CardRefusedError, cardFailureToast } from './card-failure';

describe('cardFailureToast', () => {
  test('the provider refusing the card: "Payment method error" with its message', () => {
    expect(cardFailureToast(new CardRefusedError('Your card has expired.'))).toEqual({ title: 'Payment method error', description: 'Your card has expired.' });
  });

  test('anything else: "Error" with the message, or "Failed to process payment method"', () => {
    expect(cardFailureToast(new TypeError('Failed to fetch'))).toEqual({ title: 'Error', description: 'Failed to fetch' });
    expect(cardFailureToast(new Error(''))).toEqual({ title: 'Error', description: 'Failed to process payment method' });
    expect(cardFailureToast(undefined)).toEqual({ title: 'Error', description: 'Failed to process payment method' });
  });
});
