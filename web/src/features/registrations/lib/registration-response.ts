// Reading what POST /api/copyright/submit-registration answers: the fields in either spelling
// (seed 001 §3.5), and the §8.1 failure text from whatever a failed response carried.
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

/** Throws with the spec's message when a field the screen needs is missing. */
export function readRegistrationResult(body: unknown): RegistrationResult {
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

/** §8.1 "Registration Failed": the server's error field, else its message, else the body text, else the status. */
export function registrationFailureMessage(status: number, bodyText: string): string {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null) {
      const { error, message } = body as { error?: unknown; message?: unknown };
      if (typeof message === 'string' && message !== '' && typeof error === 'string' && /^[A-Za-z_]+$/.test(error)) {
        // `{ error: 'conflict', message: '…' }`: the code is for machines, the message for people.
        return message;
      }
      if (typeof error === 'string' && error !== '') return error;
      if (typeof message === 'string' && message !== '') return message;
    }
  } catch {
    // Not JSON: the text itself is the best explanation there is.
  }
  if (bodyText.trim() !== '') return bodyText.trim();
  return `Registration submission failed (${status})`;
}

export function isAlreadyUsedMessage(message: string): boolean {
  return message.toLowerCase().includes('already been used');
}
