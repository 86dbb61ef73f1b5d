// Ticket numbers: `TL-<year>-<6 chars>` from a CSPRNG over Crockford's base32 alphabet (30 bits).
// They are for people to quote; the request's identity is its UUID.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newTicketNumber(now: Date, random: (n: number) => Buffer = randomBytes): string {
  let suffix = '';
  for (const byte of random(6)) suffix += ALPHABET[byte & 31];
  return `TL-${now.getUTCFullYear()}-${suffix}`;
}
