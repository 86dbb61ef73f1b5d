// Helpers for the local test-mode card form: grouping the number as it is typed, reading the
// expiry, and naming the brand for display. No card number ever leaves the browser except in
// the one tokenisation call.
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230", "12/30", "12 / 2030" → month 12, year 2030; null when it is not a real month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value.includes('/') ? value : value.replace(/^(\d{2})(\d+)$/, '$1/$2'));
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Typing help for the expiry box: "123" → "12 / 3". */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Whether a card has expired by the end of its expiry month. */
export function isExpired(month: number, year: number, now: Date): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandName(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  return BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "12/2030" style expiry for display. */
export function formatCardExpiry(month: number | null | undefined, year: number | null | undefined): string {
  if (!month || !year) return '—';
  return `${String(month).padStart(2, '0')}/${year}`;
}
