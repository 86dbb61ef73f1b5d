// Reading what POST /api/copyright/submit-registration answers (sent with XMLHttpRequest, so read
// here rather than by apiCall): the shared response schema first, the fields in either spelling
// (seed 001 §3.5) otherwise, and the §8.1 failure text from the error body parsed with the shared schema.
import { registrationCreatedSchema } from '@titleledger/api/schemas';

import { parseErrorReply } from '../../../lib/error-reply';

export type RegistrationResult = {
  trNumber: string;
  cryptographicHash: string;
  fileContentHash: string;
  registrationDate: string | null;
  status: string | null;
};

function pick(body: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/**
 * The answer parsed with the route's schema (registrationCreatedSchema); one that does not match is
 * read field by field in either spelling, and a field the screen needs that is missing throws with
 * the spec's message.
 */
export function readRegistrationResult(body: unknown): RegistrationResult {
  const parsed = registrationCreatedSchema.safeParse(body);
  if (parsed.success) {
    const created = parsed.data;
    return {
      trNumber: created.tr_number,
      cryptographicHash: created.cryptographic_hash,
      fileContentHash: created.file_content_hash,
      registrationDate: created.registration_date,
      status: created.status,
    };
  }
  if (typeof body !== 'object' || body === null) throw new Error('TR number not received from registration response');
  const record = body as Record<string, unknown>;
  const trNumber = pick(record, 'tr_number', 'trNumber');
  if (!trNumber) throw new Error('Registration response missing TR number');
  const cryptographicHash = pick(record, 'cryptographic_hash', 'cryptographicHash');
  if (!cryptographicHash) throw new Error('Registration response missing cryptographic hash');
  return {
    trNumber,
    cryptographicHash,
    fileContentHash: pick(record, 'file_content_hash', 'fileContentHash') ?? '',
    registrationDate: pick(record, 'registration_date', 'registrationDate'),
    status: pick(record, 'status'),
  };
}

/** §8.1 "Registration Failed": the error body's `error` (the sentence to show), else the body text, else the status. */
export function registrationFailureMessage(status: number, bodyText: string): string {
  const body = parseErrorReply(bodyText);
  if (body) return body.error || body.message;
  if (bodyText.trim() !== '') return bodyText.trim();
  return `Registration submission failed (${status})`;
}

export function isAlreadyUsedMessage(message: string): boolean {
  return message.toLowerCase().includes('already been used');
}
