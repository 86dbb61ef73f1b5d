import { describe, expect, test } from 'vitest';

import { unpaidOutcomeFrom, unpaidOutcomeText } from './payment-outcome';

describe('coming back without paying', () => {
  test('reads a declined or cancelled checkout from the address, nothing else', () => {
    expect(unpaidOutcomeFrom(new URLSearchParams('payment=declined&session_id=x'))).toBe('declined');
    expect(unpaidOutcomeFrom(new URLSearchParams('payment=cancelled'))).toBe('cancelled');
    expect(unpaidOutcomeFrom(new URLSearchParams('payment=succeeded'))).toBeNull();
    expect(unpaidOutcomeFrom(new URLSearchParams(''))).toBeNull();
  });

  test('a decline says declined, why, and what to do; never "cancelled"', () => {
    const text = unpaidOutcomeText('declined', 'Your card was declined by the bank that issued it.');
    expect(text.title).toBe('Card declined');
    expect(text.description).toBe('Your card was declined by the bank that issued it. You have not been charged.');
    expect(text.whatToDo).toMatch(/another card/);
    expect(`${text.title} ${text.description}`).not.toMatch(/cancel/i);
    expect(unpaidOutcomeText('declined').description).toMatch(/refused the payment/);
  });

  test('a cancelled checkout says cancelled', () => {
    expect(unpaidOutcomeText('cancelled').title).toBe('Payment cancelled');
  });
});
