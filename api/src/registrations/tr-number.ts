// TR numbers: `TR-COPY-<year>-<8 chars>`. The 8 characters come from a CSPRNG over Crockford's
// base32 alphabet (no I, L, O or U, so nothing reads as another symbol): 40 bits, unguessable.
// Uniqueness is enforced by the title stream's `no_stream` check, not by luck.
import { randomBytes } from 'node:crypto';

/** Crockford base32: 32 symbols, so `byte & 31` is unbiased. */
export const TR_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const TR_NUMBER_PATTERN = /^TR-COPY-\d{4}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

export function newTrNumber(now: Date, random: (n: number) => Buffer = randomBytes): string {
  const bytes = random(8);
  let suffix = '';
  for (const byte of bytes) suffix += TR_ALPHABET[byte & 31];
  return `TR-COPY-${now.getUTCFullYear()}-${suffix}`;
}

export function isTrNumber(value: string): boolean {
  return TR_NUMBER_PATTERN.test(value);
}

export const titleStream = (trNumber: string) => `title-${trNumber}`;
