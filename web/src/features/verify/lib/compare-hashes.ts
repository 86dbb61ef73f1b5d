// The spec's hash comparison (seed 000 §5): an exact string match. Only surrounding whitespace,
// which copy and paste picks up, is ignored; case, prefixes and inner characters all count.

export function normalizeHashInput(value: string): string {
  return value.trim();
}

export function hashesMatch(provided: string, expected: string): boolean {
  const a = normalizeHashInput(provided);
  return a !== '' && a === normalizeHashInput(expected);
}

/** Why an entered hash failed, when it is not simply another hash: what the verifier can do about it. */
export type HashMismatch =
  /** The registered hash itself, written otherwise: `as` lists how (capitals, a 0x prefix, spaces inside). */
  | { readonly kind: 'written differently'; readonly as: readonly ('capitals' | '0x prefix' | 'spaces inside')[]; readonly printed: string }
  /** Not a SHA-256 at all: the wrong length, or a character that is not hexadecimal. */
  | { readonly kind: 'not a sha-256'; readonly length: number; readonly badCharacter: string | null }
  | { readonly kind: 'another hash' };

/**
 * What a failed comparison means for the verifier. The verdict stays the spec's exact match; this
 * only tells a hash pasted in capitals (as Windows' Get-FileHash writes it) or with a 0x prefix from
 * a hash that is another one, and a hash cut short in copying from one that was never a SHA-256.
 */
export function explainMismatch(provided: string, expected: string): HashMismatch {
  const entered = normalizeHashInput(provided);
  const hasPrefix = /^0x/i.test(entered);
  const bare = hasPrefix ? entered.slice(2) : entered;
  const compact = bare.replace(/\s+/g, '');
  if (compact.toLowerCase() === expected.toLowerCase()) {
    const as: ('capitals' | '0x prefix' | 'spaces inside')[] = [];
    if (compact !== compact.toLowerCase()) as.push('capitals');
    if (hasPrefix) as.push('0x prefix');
    if (compact !== bare) as.push('spaces inside');
    return { kind: 'written differently', as, printed: expected };
  }
  if (!/^[0-9a-f]{64}$/i.test(compact)) {
    const bad = [...compact].find((c) => !/[0-9a-f]/i.test(c)) ?? null;
    return { kind: 'not a sha-256', length: [...compact].length, badCharacter: bad };
  }
  return { kind: 'another hash' };
}
