// Card-number checks for the local test-mode provider: Luhn, brand by prefix, expiry, and Stripe's
// test cards that its bank declines.

export function digitsOnly(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export function passesLuhn(cardNumber: string): boolean {
  const digits = digitsOnly(cardNumber);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brand names as Stripe spells them. */
export function detectBrand(cardNumber: string): string {
  const n = digitsOnly(cardNumber);
  const prefix = (length: number) => Number(n.slice(0, length));
  if (/^4/.test(n)) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (/^(36|38|30[0-5])/.test(n)) return 'diners';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (/^62/.test(n)) return 'unionpay';
  return 'unknown';
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/**
 * Stripe's test cards whose bank declines them when they are saved for later (a SetupIntent: Stripe's
 * testing docs, "Declined payments"), by number, with Stripe's message for the decline code and what
 * the person can do next. The local provider refuses them as Stripe would, so a card on file is one
 * a checkout can charge.
 */
const DECLINED_TEST_CARDS: ReadonlyMap<string, string> = new Map([
  ['4000000000000002', 'Your card was declined. Use another card, or ask your bank why.'], // generic_decline
  ['4000000000009995', 'Your card has insufficient funds. Use another card.'], // insufficient_funds
  ['4000000000009987', 'Your card was declined. Use another card, or ask your bank why.'], // lost_card
  ['4000000000009979', 'Your card was declined. Use another card, or ask your bank why.'], // stolen_card
  ['4100000000000019', 'Your card was declined. Use another card, or ask your bank why.'], // fraudulent (blocked)
  ['4000000000000069', 'Your card has expired. Use another card.'], // expired_card
  ['4000000000000127', "Your card's security code is incorrect. Check it, or use another card."], // incorrect_cvc
  ['4000000000000119', 'An error occurred while processing your card. Try again in a little bit.'], // processing_error
]);

/** Why the issuing bank declines this test card, or null when it accepts it. */
export function declineReason(cardNumber: string): string | null {
  return DECLINED_TEST_CARDS.get(digitsOnly(cardNumber)) ?? null;
}
